package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/tools/clientcmd"
)

const providerLabel = "cluster.x-k8s.io/provider"

// hostFlags are the manager flags that say where it runs; the supervisor sets
// them and drops whatever the Deployment gives for them.
var hostFlags = []string{"--kubeconfig", "--leader-elect", "--diagnostics-address", "--insecure-diagnostics",
	"--webhook-port", "--webhook-cert-dir", "--health-addr", "--metrics-bind-addr"}

// podSpec is what a provider's manager runs with: the Deployment's manager
// container's arguments and environment, with the host's ports and files.
type podSpec struct {
	args []string
	env  []string
}

// managerProcess is one running manager: its spec and a channel closed when it exits.
type managerProcess struct {
	spec     podSpec
	stopping bool // set (under the supervisor's lock) before it is told to stop
	cmd      *exec.Cmd
	done     chan struct{}
}

type supervisor struct {
	kubeconfig, binDir, certDir, logDir string

	mu       sync.Mutex
	desired  map[string]*podSpec // by provider; nil when no Deployment wants it
	running  map[string]*managerProcess
	failures map[string]int
	locks    map[string]*sync.Mutex
}

func runCommand(args []string) error {
	s := &supervisor{desired: map[string]*podSpec{}, running: map[string]*managerProcess{}, failures: map[string]int{}}
	flags := flag.NewFlagSet("run", flag.ContinueOnError)
	flags.StringVar(&s.kubeconfig, "kubeconfig", "", "the management API server's kubeconfig")
	flags.StringVar(&s.binDir, "bin", "", "the directory of the manager binaries")
	flags.StringVar(&s.certDir, "cert-dir", "", "the webhook serving certificate (tls.crt, tls.key)")
	flags.StringVar(&s.logDir, "log-dir", "", "where each manager's log goes")
	if err := flags.Parse(args); err != nil {
		return err
	}
	config, err := clientcmd.BuildConfigFromFlags("", s.kubeconfig)
	if err != nil {
		return err
	}
	client, err := kubernetes.NewForConfig(config)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	factory := informers.NewSharedInformerFactoryWithOptions(client, 0,
		informers.WithTweakListOptions(func(options *metav1.ListOptions) { options.LabelSelector = providerLabel }))
	deployments := factory.Apps().V1().Deployments()
	resync := func(interface{}) { s.reconcile(deployments.Lister().List) }
	if _, err := deployments.Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    resync,
		UpdateFunc: func(_, object interface{}) { resync(object) },
		DeleteFunc: resync,
	}); err != nil {
		return err
	}
	factory.Start(ctx.Done())
	factory.WaitForCacheSync(ctx.Done())
	log.Print("ready: watching Deployments labelled ", providerLabel)
	<-ctx.Done()
	s.mu.Lock()
	for name := range s.desired {
		s.desired[name] = nil
	}
	s.mu.Unlock()
	var wait sync.WaitGroup
	for _, name := range s.providerNames() {
		wait.Add(1)
		go func() { defer wait.Done(); s.sync(name) }()
	}
	wait.Wait()
	return nil
}

func (s *supervisor) providerNames() []string {
	names := make([]string, 0, len(providers))
	for name := range providers {
		names = append(names, name)
	}
	return names
}

// reconcile takes the wanted managers from the Deployments that exist, then
// starts, restarts or stops each provider's manager to match.
func (s *supervisor) reconcile(list func(labels.Selector) ([]*appsv1.Deployment, error)) {
	deployments, err := list(labels.Everything())
	if err != nil {
		log.Print("listing Deployments: ", err)
		return
	}
	wanted := map[string]*podSpec{}
	for _, deployment := range deployments {
		name := deployment.Labels[providerLabel]
		if _, known := providers[name]; known && wanted[name] == nil {
			wanted[name] = s.specFor(name, deployment)
		}
	}
	s.mu.Lock()
	s.desired = wanted
	s.mu.Unlock()
	for _, name := range s.providerNames() {
		go s.sync(name)
	}
}

// specFor is what the Deployment's pod would run, on this host.
func (s *supervisor) specFor(name string, deployment *appsv1.Deployment) *podSpec {
	if deployment.DeletionTimestamp != nil || (deployment.Spec.Replicas != nil && *deployment.Spec.Replicas == 0) {
		return nil
	}
	containers := deployment.Spec.Template.Spec.Containers
	if len(containers) == 0 {
		return nil
	}
	container := containers[0]
	for _, candidate := range containers {
		if candidate.Name == "manager" {
			container = candidate
		}
	}
	p := providers[name]
	spec := &podSpec{}
	for _, arg := range container.Args {
		if !isHostFlag(arg) {
			spec.args = append(spec.args, arg)
		}
	}
	spec.args = append(spec.args, "--kubeconfig="+s.kubeconfig, "--leader-elect=false", "--diagnostics-address=0",
		fmt.Sprintf("--webhook-port=%d", p.webhookPort), "--webhook-cert-dir="+s.certDir,
		fmt.Sprintf("--health-addr=127.0.0.1:%d", p.healthPort))
	for _, variable := range container.Env {
		if value, ok := envValue(deployment, variable); ok {
			spec.env = append(spec.env, variable.Name+"="+value)
		}
	}
	return spec
}

func isHostFlag(arg string) bool {
	for _, name := range hostFlags {
		if arg == name || strings.HasPrefix(arg, name+"=") {
			return true
		}
	}
	return false
}

// envValue is a container variable's value on this host: literal values as
// given, the downward API's pod fields as the host pod's (its IP the loopback
// address, where the in-memory workload clusters listen).
func envValue(deployment *appsv1.Deployment, variable corev1.EnvVar) (string, bool) {
	if variable.ValueFrom == nil {
		return variable.Value, true
	}
	if variable.ValueFrom.FieldRef == nil {
		return "", false
	}
	switch variable.ValueFrom.FieldRef.FieldPath {
	case "metadata.namespace":
		return deployment.Namespace, true
	case "metadata.name":
		return deployment.Name + "-host", true
	case "status.podIP", "status.hostIP":
		return "127.0.0.1", true
	}
	return "", false
}

// sync makes a provider's process match its desired spec: stopped when none
// is wanted, (re)started when none runs or it runs another spec. Calls for a
// provider are serialised by its lock.
func (s *supervisor) sync(name string) {
	lock := s.providerLock(name)
	lock.Lock()
	defer lock.Unlock()
	s.mu.Lock()
	want, running := s.desired[name], s.running[name]
	s.mu.Unlock()
	if running != nil {
		select {
		case <-running.done:
			running = nil
		default:
		}
	}
	if running != nil && want != nil && reflect.DeepEqual(running.spec, *want) {
		return
	}
	if running != nil {
		s.mu.Lock()
		running.stopping = true
		s.mu.Unlock()
		stopProcess(name, running)
		s.mu.Lock()
		delete(s.running, name)
		s.mu.Unlock()
	}
	if want == nil {
		return
	}
	process, err := s.start(name, *want)
	if err != nil {
		log.Printf("%s: %v", name, err)
		return
	}
	s.mu.Lock()
	s.running[name] = process
	s.mu.Unlock()
}

func (s *supervisor) providerLock(name string) *sync.Mutex {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.locks == nil {
		s.locks = map[string]*sync.Mutex{}
	}
	if s.locks[name] == nil {
		s.locks[name] = &sync.Mutex{}
	}
	return s.locks[name]
}

// start runs a provider's manager; when it exits on its own while still
// wanted, it is started again after a back-off (as a kubelet restarts a
// crashed container: 1 s, doubling to 30 s, reset after a minute of running).
func (s *supervisor) start(name string, spec podSpec) (*managerProcess, error) {
	logFile, err := os.OpenFile(filepath.Join(s.logDir, name+".log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(filepath.Join(s.binDir, providers[name].binary), spec.args...)
	cmd.Env = append(os.Environ(), spec.env...)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return nil, err
	}
	log.Printf("%s: started pid %d: %s", name, cmd.Process.Pid, strings.Join(spec.args, " "))
	process := &managerProcess{spec: spec, cmd: cmd, done: make(chan struct{})}
	started := time.Now()
	go func() {
		err := cmd.Wait()
		logFile.Close()
		close(process.done)
		s.mu.Lock()
		stillWanted := !process.stopping && s.running[name] == process && s.desired[name] != nil
		if time.Since(started) > time.Minute {
			s.failures[name] = 0
		}
		failures := s.failures[name]
		if stillWanted {
			s.failures[name] = failures + 1
		}
		s.mu.Unlock()
		if !stillWanted {
			return
		}
		delay := min(time.Second<<failures, 30*time.Second)
		log.Printf("%s: exited (%v); restarting in %s", name, err, delay)
		time.Sleep(delay)
		s.sync(name)
	}()
	return process, nil
}

// stopProcess ends a manager as a pod's deletion does: SIGTERM, then SIGKILL
// after the grace period.
func stopProcess(name string, process *managerProcess) {
	_ = process.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-process.done:
	case <-time.After(10 * time.Second):
		_ = process.cmd.Process.Kill()
		<-process.done
	}
	log.Printf("%s: stopped", name)
}
