// Command oidc-provider is a minimal OpenID Connect provider for the VNFM
// integration tests (test infrastructure only, never shipped): it lets the
// test kube-apiserver authenticate users by OIDC ID tokens, as a Kubernetes
// VIM registered with Tacker's oidc_token_url / username / password /
// client_id / client_secret does against Keycloak.
//
// It serves, over HTTPS:
//
//	/.well-known/openid-configuration  OIDC discovery (issuer, jwks_uri, token_endpoint)
//	/jwks                               the RS256 signing key as a JWK set
//	/token                              RFC 6749 §4.3 resource owner password grant:
//	                                    an id_token (JWT, RS256) for a known user and client
//
// Flags: -listen 127.0.0.1:16444 -issuer https://127.0.0.1:16444
// -cert/-key (TLS), -signing-key (RSA PEM), -users (lines "user:password:group,group"),
// -clients (lines "client_id:client_secret").
package main

import (
	"bufio"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/subtle"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"flag"
	"fmt"
	"log"
	"math/big"
	"net/http"
	"os"
	"strings"
	"time"
)

type user struct {
	password string
	groups   []string
}

var b64 = base64.RawURLEncoding

func main() {
	listen := flag.String("listen", "127.0.0.1:16444", "address to listen on")
	issuer := flag.String("issuer", "https://127.0.0.1:16444", "issuer URL (iss of the tokens)")
	cert := flag.String("cert", "", "TLS certificate (PEM)")
	key := flag.String("key", "", "TLS key (PEM)")
	signingKey := flag.String("signing-key", "", "RSA key signing the tokens (PEM)")
	usersFile := flag.String("users", "", "user:password:group,group per line")
	clientsFile := flag.String("clients", "", "client_id:client_secret per line")
	flag.Parse()

	signer := loadRSAKey(*signingKey)
	users := map[string]user{}
	for _, fields := range readLines(*usersFile, 3) {
		groups := []string{}
		if fields[2] != "" {
			groups = strings.Split(fields[2], ",")
		}
		users[fields[0]] = user{password: fields[1], groups: groups}
	}
	clients := map[string]string{}
	for _, fields := range readLines(*clientsFile, 2) {
		clients[fields[0]] = fields[1]
	}
	kid := keyID(&signer.PublicKey)

	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/openid-configuration", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, map[string]any{
			"issuer": *issuer, "jwks_uri": *issuer + "/jwks", "token_endpoint": *issuer + "/token",
			"response_types_supported": []string{"id_token"}, "subject_types_supported": []string{"public"},
			"id_token_signing_alg_values_supported": []string{"RS256"}, "grant_types_supported": []string{"password"},
		})
	})
	mux.HandleFunc("GET /jwks", func(w http.ResponseWriter, _ *http.Request) {
		pub := signer.PublicKey
		writeJSON(w, http.StatusOK, map[string]any{"keys": []map[string]string{{
			"kty": "RSA", "use": "sig", "alg": "RS256", "kid": kid,
			"n": b64.EncodeToString(pub.N.Bytes()), "e": b64.EncodeToString(big.NewInt(int64(pub.E)).Bytes()),
		}}})
	})
	mux.HandleFunc("POST /token", func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_request"})
			return
		}
		clientID, clientSecret, basic := r.BasicAuth()
		if !basic {
			clientID, clientSecret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
		}
		if secret, ok := clients[clientID]; !ok || !same(secret, clientSecret) {
			writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_client"})
			return
		}
		if r.PostForm.Get("grant_type") != "password" {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "unsupported_grant_type"})
			return
		}
		name := r.PostForm.Get("username")
		account, ok := users[name]
		if !ok || !same(account.password, r.PostForm.Get("password")) {
			writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_grant", "error_description": "Invalid user credentials"})
			return
		}
		now := time.Now()
		token := sign(signer, kid, map[string]any{
			"iss": *issuer, "aud": clientID, "sub": name, "preferred_username": name, "groups": account.groups,
			"iat": now.Unix(), "nbf": now.Unix(), "exp": now.Add(5 * time.Minute).Unix(),
		})
		writeJSON(w, http.StatusOK, map[string]any{"access_token": token, "id_token": token, "token_type": "Bearer", "expires_in": 300})
	})
	log.Printf("oidc-provider: issuer %s listening on %s (%d users, %d clients)", *issuer, *listen, len(users), len(clients))
	log.Fatal(http.ListenAndServeTLS(*listen, *cert, *key, mux))
}

func same(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

func sign(key *rsa.PrivateKey, kid string, claims map[string]any) string {
	header, _ := json.Marshal(map[string]string{"alg": "RS256", "typ": "JWT", "kid": kid})
	payload, _ := json.Marshal(claims)
	input := b64.EncodeToString(header) + "." + b64.EncodeToString(payload)
	digest := sha256.Sum256([]byte(input))
	signature, err := rsa.SignPKCS1v15(rand.Reader, key, crypto.SHA256, digest[:])
	if err != nil {
		log.Fatalf("signing: %v", err)
	}
	return input + "." + b64.EncodeToString(signature)
}

// keyID is the SHA-256 of the key's DER encoding: stable across restarts of the same key.
func keyID(pub *rsa.PublicKey) string {
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		log.Fatalf("public key: %v", err)
	}
	sum := sha256.Sum256(der)
	return b64.EncodeToString(sum[:12])
}

func loadRSAKey(path string) *rsa.PrivateKey {
	data, err := os.ReadFile(path)
	if err != nil {
		log.Fatalf("signing key: %v", err)
	}
	block, _ := pem.Decode(data)
	if block == nil {
		log.Fatalf("signing key %s: no PEM block", path)
	}
	if key, err := x509.ParsePKCS1PrivateKey(block.Bytes); err == nil {
		return key
	}
	parsed, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	key, ok := parsed.(*rsa.PrivateKey)
	if err != nil || !ok {
		log.Fatalf("signing key %s: not an RSA key", path)
	}
	return key
}

func readLines(path string, fields int) [][]string {
	file, err := os.Open(path)
	if err != nil {
		log.Fatalf("%v", err)
	}
	defer file.Close()
	var lines [][]string
	scanner := bufio.NewScanner(file)
	for scanner.Scan() {
		line := strings.TrimSpace(scanner.Text())
		if line == "" {
			continue
		}
		parts := strings.SplitN(line, ":", fields)
		if len(parts) != fields {
			log.Fatalf("%s: %q has not %d fields", path, line, fields)
		}
		lines = append(lines, parts)
	}
	return lines
}

func writeJSON(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(body); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
}
