package e2e
import ("testing";"time")
func TestDbg(t *testing.T){
 p := openBrowser(t, newServer(t).URL, 1280, 800)
 time.Sleep(2*time.Second)
 t.Log(eval[string](p, `document.querySelector('[role="tabpanel"]:not([hidden]) .status') ? document.querySelector('[role="tabpanel"]:not([hidden]) .status').outerHTML : "none"`))
 t.Log(eval[string](p, `document.getElementById("message").outerHTML + document.getElementById("view-play").hidden`))
}
