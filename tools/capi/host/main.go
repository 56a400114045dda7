// Command capi-host runs Cluster API's provider managers as host processes
// against the test API server (test infrastructure only, never shipped).
//
// The test nodes are kwok's: they run no containers. A provider's components
// (namespaces, CRDs, RBAC, webhook configurations, the manager's Deployment)
// are installed as a CNF like any other; capi-host plays the kubelet for the
// four providers' Deployments, running each one's manager binary (built from
// the same Cluster API release) while its Deployment exists.
//
//	capi-host components <provider> <ca.crt> < release.yaml > adapted.yaml
//	capi-host run -kubeconfig K -bin DIR -cert-dir DIR -log-dir DIR
//
// See tools/capi/README.md.
package main

import (
	"fmt"
	"os"
)

// provider is one Cluster API provider: its manager binary and the fixed host
// ports of its webhook server (conversion and admission) and health probes.
type provider struct {
	binary      string
	webhookPort int
	healthPort  int
}

// providers, by the `cluster.x-k8s.io/provider` label their release components carry.
var providers = map[string]provider{
	"cluster-api":           {binary: "cluster-api-manager", webhookPort: 16460, healthPort: 16470},
	"bootstrap-kubeadm":     {binary: "kubeadm-bootstrap-manager", webhookPort: 16461, healthPort: 16471},
	"control-plane-kubeadm": {binary: "kubeadm-control-plane-manager", webhookPort: 16462, healthPort: 16472},
	"infrastructure-docker": {binary: "capd-manager", webhookPort: 16463, healthPort: 16473},
}

// clusterctlValues are the clusterctl variables set when the components are
// adapted (every other variable takes the default its manifest gives):
// ClusterClass is on, as `CLUSTER_TOPOLOGY=true clusterctl init` makes it.
var clusterctlValues = map[string]string{"CLUSTER_TOPOLOGY": "true"}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: capi-host components|run ...")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "components":
		err = componentsCommand(os.Args[2:])
	case "run":
		err = runCommand(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "capi-host:", err)
		os.Exit(1)
	}
}
