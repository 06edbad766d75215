package mqtttest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// SecureOpts says what a secured broker asks of its clients.
type SecureOpts struct {
	// Users are the accounts, name to password; none lets anonymous clients in.
	Users map[string]string
	// TLS serves TLS only, with a certificate for 127.0.0.1 made by a CA
	// made for the test.
	TLS bool
	// ClientCert asks every client for a certificate from the test's CA.
	ClientCert bool
}

// Secure is what a client of a secured broker needs: the CA's certificate,
// and a client certificate the broker takes, as PEM files.
type Secure struct {
	CAFile, CertFile, KeyFile string
	conf                      []string // mosquitto's settings
}

// StartSecureBroker starts mosquitto asking for what opts say, on a free
// loopback port, and stops it when the test ends: with Users it refuses
// anonymous clients and wrong passwords (accounts made with
// mosquitto_passwd); with TLS it serves mqtts:// only.
func StartSecureBroker(t testing.TB, opts SecureOpts) (*Broker, *Secure) {
	t.Helper()
	dir := t.TempDir()
	s := &Secure{}
	if len(opts.Users) == 0 {
		s.conf = append(s.conf, "allow_anonymous true")
	} else {
		s.conf = append(s.conf, "allow_anonymous false", "password_file "+passwordFile(t, dir, opts.Users))
	}
	if opts.TLS {
		s.conf = append(s.conf, makeCerts(t, dir, s)...)
		s.conf = append(s.conf, "tls_version tlsv1.2")
		if opts.ClientCert {
			s.conf = append(s.conf, "require_certificate true")
		}
	}
	return startBroker(t, false, s), s
}

// passwordFile writes mosquitto's password file for users.
func passwordFile(t testing.TB, dir string, users map[string]string) string {
	t.Helper()
	name := filepath.Join(dir, "passwords")
	for user, password := range users {
		args := []string{"-b", name, user, password}
		if _, err := os.Stat(name); err != nil {
			args = append([]string{"-c"}, args...)
		}
		if out, err := exec.Command("mosquitto_passwd", args...).CombinedOutput(); err != nil {
			t.Fatalf("mosquitto_passwd: %v: %s", err, out)
		}
	}
	os.Chmod(name, 0o600)
	return name
}

// makeCerts makes a CA, a server certificate for 127.0.0.1 and localhost,
// and a client certificate, and returns mosquitto's TLS settings.
func makeCerts(t testing.TB, dir string, s *Secure) []string {
	t.Helper()
	caKey, ca := newCert(t, nil, nil, &x509.Certificate{
		Subject: pkix.Name{CommonName: "gammond test CA"}, IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
	})
	serverKey, server := newCert(t, caKey, ca, &x509.Certificate{
		Subject: pkix.Name{CommonName: "127.0.0.1"}, IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, DNSNames: []string{"localhost"},
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, KeyUsage: x509.KeyUsageDigitalSignature,
	})
	clientKey, client := newCert(t, caKey, ca, &x509.Certificate{
		Subject: pkix.Name{CommonName: "table-1"}, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth},
		KeyUsage: x509.KeyUsageDigitalSignature,
	})
	s.CAFile = writePEM(t, dir, "ca.pem", "CERTIFICATE", ca.Raw)
	s.CertFile = writePEM(t, dir, "client.pem", "CERTIFICATE", client.Raw)
	s.KeyFile = writePEM(t, dir, "client-key.pem", "PRIVATE KEY", marshalKey(t, clientKey))
	return []string{
		"cafile " + s.CAFile,
		"certfile " + writePEM(t, dir, "server.pem", "CERTIFICATE", server.Raw),
		"keyfile " + writePEM(t, dir, "server-key.pem", "PRIVATE KEY", marshalKey(t, serverKey)),
	}
}

// newCert makes a key and a certificate from tmpl, signed by parent's key
// (self-signed when parent is nil), valid for a day around now.
func newCert(t testing.TB, parentKey *ecdsa.PrivateKey, parent, tmpl *x509.Certificate) (*ecdsa.PrivateKey, *x509.Certificate) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	serial, err := rand.Int(rand.Reader, big.NewInt(1<<62))
	if err != nil {
		t.Fatal(err)
	}
	tmpl.SerialNumber = serial
	tmpl.NotBefore, tmpl.NotAfter = time.Now().Add(-time.Hour), time.Now().Add(24*time.Hour)
	if parent == nil {
		parent, parentKey = tmpl, key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &key.PublicKey, parentKey)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return key, cert
}

func marshalKey(t testing.TB, key *ecdsa.PrivateKey) []byte {
	t.Helper()
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return der
}

func writePEM(t testing.TB, dir, name, kind string, der []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}
