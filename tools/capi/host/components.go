package main

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

// clusterctlVariable is a clusterctl variable in a provider's components:
// ${NAME} or ${NAME:=default}.
var clusterctlVariable = regexp.MustCompile(`\$\{([A-Za-z0-9_]+)(?::=([^}]*))?\}`)

// substitute replaces clusterctl variables as `clusterctl init` does: the
// value set for the name, else the default written in the manifest.
func substitute(manifest []byte, values map[string]string) ([]byte, error) {
	var missing []string
	out := clusterctlVariable.ReplaceAllFunc(manifest, func(match []byte) []byte {
		parts := clusterctlVariable.FindSubmatch(match)
		if value, ok := values[string(parts[1])]; ok {
			return []byte(value)
		}
		if parts[2] == nil {
			missing = append(missing, string(parts[1]))
			return match
		}
		return parts[2]
	})
	if len(missing) > 0 {
		return nil, fmt.Errorf("no value for the variables %v", missing)
	}
	return out, nil
}

// adapt turns one provider's release components (the `kustomize build` of its
// config/default, as published) into what runs here: cert-manager's objects
// dropped (there is no cert-manager; the serving certificate is the test CA's),
// every webhook client config (conversion and admission) pointed at the
// provider's process on the host with the CA bundle filled in. Nothing else
// changes: namespaces, RBAC, Services and Deployments stay as released.
func adapt(components io.Reader, webhookPort int, caBundle []byte, values map[string]string) ([]byte, error) {
	raw, err := io.ReadAll(components)
	if err != nil {
		return nil, err
	}
	raw, err = substitute(raw, values)
	if err != nil {
		return nil, err
	}
	decoder := utilyaml.NewYAMLOrJSONDecoder(bytes.NewReader(raw), 4096)
	bundle := base64.StdEncoding.EncodeToString(caBundle)
	url := func(path string) string { return fmt.Sprintf("https://127.0.0.1:%d%s", webhookPort, path) }
	var out bytes.Buffer
	for {
		object := &unstructured.Unstructured{}
		if err := decoder.Decode(&object.Object); err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return nil, err
		}
		if object.Object == nil {
			continue
		}
		if object.GroupVersionKind().Group == "cert-manager.io" {
			continue
		}
		annotations := object.GetAnnotations()
		delete(annotations, "cert-manager.io/inject-ca-from")
		if len(annotations) == 0 {
			annotations = nil
		}
		object.SetAnnotations(annotations)
		switch object.GetKind() {
		case "CustomResourceDefinition":
			if service, found, _ := unstructured.NestedMap(object.Object, "spec", "conversion", "webhook", "clientConfig", "service"); found {
				path, _ := service["path"].(string)
				config := map[string]interface{}{"url": url(path), "caBundle": bundle}
				if err := unstructured.SetNestedField(object.Object, config, "spec", "conversion", "webhook", "clientConfig"); err != nil {
					return nil, err
				}
			}
		case "MutatingWebhookConfiguration", "ValidatingWebhookConfiguration":
			webhooks, _, _ := unstructured.NestedSlice(object.Object, "webhooks")
			for i, hook := range webhooks {
				webhook := hook.(map[string]interface{})
				path, _, _ := unstructured.NestedString(webhook, "clientConfig", "service", "path")
				webhook["clientConfig"] = map[string]interface{}{"url": url(path), "caBundle": bundle}
				webhooks[i] = webhook
			}
			if err := unstructured.SetNestedSlice(object.Object, webhooks, "webhooks"); err != nil {
				return nil, err
			}
		}
		document, err := yaml.Marshal(object.Object)
		if err != nil {
			return nil, err
		}
		out.WriteString("---\n")
		out.Write(document)
	}
	return out.Bytes(), nil
}

// componentsCommand: capi-host components <provider> <ca.crt> < release.yaml > adapted.yaml
func componentsCommand(args []string) error {
	if len(args) != 2 {
		return errors.New("usage: capi-host components <provider> <ca.crt>")
	}
	provider, ok := providers[args[0]]
	if !ok {
		return fmt.Errorf("unknown provider %q", args[0])
	}
	ca, err := os.ReadFile(args[1])
	if err != nil {
		return err
	}
	adapted, err := adapt(os.Stdin, provider.webhookPort, ca, clusterctlValues)
	if err != nil {
		return err
	}
	_, err = os.Stdout.Write(adapted)
	return err
}
