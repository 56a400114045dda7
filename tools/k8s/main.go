// Command k8s is a multi-call binary bundling the Kubernetes components used
// by the VNFM integration tests (test infrastructure only, never shipped).
//
// It dispatches on the base name it was invoked as (argv[0], e.g. through a
// symlink named kube-apiserver) or, failing that, on its first argument:
//
//	k8s kube-apiserver --etcd-servers=...
//	kube-scheduler --kubeconfig=...   (a symlink to k8s)
//	k8s kubectl get nodes
//
// Linking all components into one binary keeps the slow cold build to a
// single link step. The component is started exactly as its upstream main
// (k8s.io/kubernetes/cmd/<name>/<name>.go) does.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	_ "time/tzdata" // CronJob time zone support, as in the upstream mains

	"k8s.io/component-base/cli"
	"k8s.io/component-base/logs"
	_ "k8s.io/component-base/logs/json/register"          // JSON log format
	_ "k8s.io/component-base/metrics/prometheus/clientgo" // client-go metrics
	_ "k8s.io/component-base/metrics/prometheus/version"  // version metric
	kubectl "k8s.io/kubectl/pkg/cmd"
	kubectlutil "k8s.io/kubectl/pkg/cmd/util"
	apiserver "k8s.io/kubernetes/cmd/kube-apiserver/app"
	controllermanager "k8s.io/kubernetes/cmd/kube-controller-manager/app"
	scheduler "k8s.io/kubernetes/cmd/kube-scheduler/app"

	_ "k8s.io/client-go/plugin/pkg/client/auth" // kubectl client auth plugins
)

var components = map[string]func() int{
	"kube-apiserver": func() int { return cli.Run(apiserver.NewAPIServerCommand()) },
	"kube-controller-manager": func() int {
		return cli.Run(controllermanager.NewControllerManagerCommand())
	},
	"kube-scheduler": func() int { return cli.Run(scheduler.NewSchedulerCommand()) },
	"kubectl": func() int {
		logs.GlogSetter(kubectl.GetLogVerbosity(os.Args)) //nolint:errcheck
		if err := cli.RunNoErrOutput(kubectl.NewDefaultKubectlCommand()); err != nil {
			kubectlutil.CheckErr(err) // prints the error and exits non-zero
		}
		return 0
	},
}

func usage() {
	names := make([]string, 0, len(components))
	for n := range components {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Fprintf(os.Stderr, "usage: %s {%s} [flags...]\n", filepath.Base(os.Args[0]), strings.Join(names, "|"))
}

func main() {
	name := filepath.Base(os.Args[0])
	args := os.Args[1:]
	if _, ok := components[name]; !ok {
		if len(args) == 0 {
			usage()
			os.Exit(2)
		}
		name, args = args[0], args[1:]
	}
	run, ok := components[name]
	if !ok {
		fmt.Fprintf(os.Stderr, "unknown component %q\n", name)
		usage()
		os.Exit(2)
	}
	// Present the component with the argv it would have as its own binary
	// (cobra and kubectl's plugin handling read os.Args).
	os.Args = append([]string{name}, args...)
	os.Exit(run())
}
