package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
)

// crossSite returns why r, a request to the API, was sent by another
// site's page, or "" when it was not. Browsers mark every request with
// Sec-Fetch-Site, and cross-origin fetches with Origin; a request with
// neither (curl, scripts) is not a browser's and is served. Without this
// any page a visitor opens could make the visitor's browser send blind
// GETs that cost the server tables and searches.
//
// Every value counts, of every line of each header and of a line listing
// several: a request saying "none" and then "cross-site" is refused.
func crossSite(r *http.Request) string {
	for _, line := range r.Header["Sec-Fetch-Site"] {
		for v := range strings.SplitSeq(line, ",") {
			switch v = strings.TrimSpace(v); v {
			case "same-origin", "none": // the page itself; typed or bookmarked
			default:
				return fmt.Sprintf("Sec-Fetch-Site is %q", v)
			}
		}
	}
	for _, v := range r.Header["Origin"] {
		if !sameOrigin(v, r.Host) {
			return fmt.Sprintf("Origin %q is not this server's", v)
		}
	}
	return ""
}

// sameOrigin reports whether origin (scheme://host[:port]) names host,
// the request's Host. The scheme is not compared: behind a proxy that
// ends TLS the page is https while the server sees http.
func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || (u.Path != "" && u.Path != "/") {
		return false
	}
	return strings.EqualFold(u.Host, host)
}

// allowedHosts is the Host names a server listening on ip answers: extra
// (Config.AllowedHosts), the loopback names, and the address it listens
// on; on every interface (an unspecified address), each interface's
// address and the machine's name. The check thus stays on for every
// address, which stops DNS-rebinding pages (whose Host is their own
// name) from reading the server.
func allowedHosts(ip net.IP, extra []string) []string {
	hosts := append([]string{}, extra...)
	hosts = append(hosts, "localhost", "127.0.0.1", "::1")
	switch {
	case ip == nil:
	case ip.IsUnspecified():
		if addrs, err := net.InterfaceAddrs(); err == nil {
			for _, a := range addrs {
				if n, ok := a.(*net.IPNet); ok {
					hosts = append(hosts, n.IP.String())
				}
			}
		}
		if name, err := os.Hostname(); err == nil && name != "" {
			hosts = append(hosts, name)
		}
	case !ip.IsLoopback():
		hosts = append(hosts, ip.String())
		if name, err := os.Hostname(); err == nil && name != "" {
			hosts = append(hosts, name)
		}
	default:
		hosts = append(hosts, ip.String())
	}
	slices.Sort(hosts)
	return slices.Compact(hosts)
}

// jsonErrorListener hands out connections whose own net/http error
// replies (a header over the limit, a malformed request), which the
// server writes in plain text before any handler runs, are rewritten as
// the JSON errors every other refusal gets.
type jsonErrorListener struct {
	net.Listener
	maxHeader int
}

func (l jsonErrorListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &jsonErrorConn{Conn: c, maxHeader: l.maxHeader}, nil
}

type jsonErrorConn struct {
	net.Conn
	maxHeader int
}

// plainErrorHeaders are the header lines of net/http's own error
// replies, each written to the connection in one Write; a handler's
// reply never has them (guard adds the security headers first).
const plainErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

func (c *jsonErrorConn) Write(p []byte) (int, error) {
	if out, ok := c.rewrite(p); ok {
		_, err := c.Conn.Write(out)
		return len(p), err
	}
	return c.Conn.Write(p)
}

// rewrite returns p as a JSON reply when p is one of net/http's plain
// error replies: "HTTP/1.1 NNN Text" + plainErrorHeaders + text.
func (c *jsonErrorConn) rewrite(p []byte) ([]byte, bool) {
	const proto = "HTTP/1.1 "
	if len(p) < len(proto)+3 || string(p[:len(proto)]) != proto {
		return nil, false
	}
	eol := bytes.IndexByte(p, '\r')
	if eol < 0 || !bytes.HasPrefix(p[eol:], []byte(plainErrorHeaders)) {
		return nil, false
	}
	status, text := p[:eol], string(p[eol+len(plainErrorHeaders):])
	code := string(status[len(proto) : len(proto)+3])
	msg := text
	if len(msg) > 4 && msg[:4] == code+" " {
		msg = msg[4:]
	}
	switch code {
	case "431":
		msg = fmt.Sprintf("the request's header is too large: at most %d bytes of header are read", c.maxHeader)
	case "400":
		msg = "bad request: " + strings.TrimPrefix(strings.TrimPrefix(msg, "Bad Request"), ": ")
		msg = strings.TrimSuffix(msg, ": ")
	}
	body, _ := json.Marshal(struct {
		Error string `json:"error"`
	}{msg})
	body = append(body, '\n')
	out := make([]byte, 0, len(status)+200+len(body))
	out = append(out, status...)
	out = fmt.Appendf(out, "\r\nContent-Type: application/json\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nContent-Length: %d\r\nConnection: close\r\n\r\n", len(body))
	return append(out, body...), true
}

// CloseWrite lets net/http half-close the connection after an error
// reply, as it does on a bare TCP connection, so the client reads it.
func (c *jsonErrorConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}
