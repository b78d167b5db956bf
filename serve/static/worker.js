// The static copy's engine: runs tilespace's API (serve/api), compiled to
// WebAssembly, off the page's thread, and answers the requests the page
// would send to a server. Only the static copy (serve.WriteStatic) has
// tilespace.wasm.gz and wasm_exec.js beside it.
"use strict";
importScripts("wasm_exec.js");

// A browser has no files: wasm_exec.js's stand-in answers "not
// implemented" to every file call, which Go reads as a failure rather than
// as an absent file. Answered "no such file" instead, a table missing from
// the cache is built in memory, as on a machine with an empty cache.
for (const call of ["open", "stat", "lstat", "mkdir", "readdir"]) {
  globalThis.fs[call] = (...args) => {
    const err = new Error("no such file or directory (no files in a browser)");
    err.code = "ENOENT";
    args[args.length - 1](err);
  };
}

// The engine reports databases it builds (done of total) while it builds
// them; the page shows the count.
self.tilespaceProgress = (what, done, total) => self.postMessage({ progress: { what, done, total } });

const ready = new Promise((resolve, reject) => {
  self.tilespaceReady = resolve;
  (async () => {
    const go = new Go();
    const resp = await fetch("tilespace.wasm.gz");
    if (!resp.ok) throw new Error("tilespace.wasm.gz: " + resp.status);
    // Shipped gzipped (a quarter of its size) and unpacked here, so any
    // static server will do, whatever it compresses.
    const bytes = await new Response(resp.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
    go.run(instance);
  })().catch(reject);
});

self.onmessage = async (ev) => {
  const { id, target } = ev.data;
  try {
    await ready;
    const r = await self.tilespaceFetch(target);
    // JSON comes as a string; an image (/api/gif) as bytes (a Uint8Array),
    // handed over to the page rather than copied.
    if (typeof r.body === "string") self.postMessage({ id, status: r.status, type: r.type || "application/json", body: r.body });
    else self.postMessage({ id, status: r.status, type: r.type || "", body: r.body }, [r.body.buffer]);
  } catch (err) {
    self.postMessage({ id, status: 500, body: JSON.stringify({ error: "the in-browser engine failed: " + err.message }) });
  }
};
