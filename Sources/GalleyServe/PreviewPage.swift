/// The preview's page: plain HTML, CSS and JavaScript shipped in the binary (no build step).
///
/// It opens `/preview/events`; on each `render` event it shows the new pages
/// (`/preview/page/N.png?v=VERSION`) or the template's error with its `file:line:col`, path and
/// hint in place of them, and fetches `/preview/layout.json` (what `galley layout --json`
/// prints) to outline the node under the pointer with its id and type.
enum PreviewPage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Galley preview</title>
        <style>
          body { margin: 0; font: 14px system-ui, sans-serif; background: #e5e7eb; color: #111827; }
          header { position: sticky; top: 0; z-index: 2; display: flex; gap: 16px; align-items: center;
                   padding: 8px 16px; background: #1f2937; color: #f9fafb; }
          header a { color: #93c5fd; }
          #status { margin-left: auto; opacity: 0.8; }
          #error { display: none; margin: 24px; padding: 16px; background: #fef2f2; border: 1px solid #fca5a5;
                   border-radius: 6px; font-family: ui-monospace, monospace; white-space: pre-wrap; }
          #error .place { font-weight: bold; color: #b91c1c; }
          #pages { display: flex; flex-direction: column; align-items: center; gap: 24px; padding: 24px; }
          .page { position: relative; box-shadow: 0 2px 8px rgba(0,0,0,0.25); background: white; }
          .page img { display: block; }
          .frame { position: absolute; display: none; outline: 2px solid #db2777; background: rgba(219,39,119,0.08);
                   pointer-events: none; }
          .frame span { position: absolute; left: 0; bottom: 100%; padding: 1px 4px; font: 11px ui-monospace, monospace;
                        background: #db2777; color: white; white-space: nowrap; }
        </style>
        </head>
        <body>
        <header><strong>Galley preview</strong><a id="pdf" href="/preview/document.pdf" target="_blank">PDF</a>
          <span id="status">connecting…</span></header>
        <div id="error"></div>
        <div id="pages"></div>
        <script>
        "use strict";
        let layout = { pages: [] };
        const pages = document.getElementById("pages");
        const errorBox = document.getElementById("error");
        const statusLine = document.getElementById("status");

        function showError(error) {
          const place = [error.file, error.line, error.column].filter(part => part !== null).join(":");
          errorBox.textContent = "";
          const head = document.createElement("div");
          head.className = "place";
          head.id = "error-place";
          head.textContent = place + (error.path ? ": at " + error.path : "");
          const message = document.createElement("div");
          message.id = "error-message";
          message.textContent = error.error + (error.hint ? " (" + error.hint + ")" : "");
          errorBox.append(head, message);
          errorBox.style.display = "block";
          pages.style.display = "none";
        }

        function showPages(event) {
          errorBox.style.display = "none";
          pages.style.display = "flex";
          while (pages.children.length > event.pages) pages.lastChild.remove();
          for (let index = 0; index < event.pages; index++) {
            let page = pages.children[index];
            if (!page) {
              page = document.createElement("div");
              page.className = "page";
              page.dataset.index = index;
              const image = document.createElement("img");
              image.alt = "page " + (index + 1);
              const frame = document.createElement("div");
              frame.className = "frame";
              frame.append(document.createElement("span"));
              page.append(image, frame);
              page.addEventListener("mousemove", hover);
              page.addEventListener("mouseleave", () => { frame.style.display = "none"; });
              pages.append(page);
            }
            const image = page.querySelector("img");
            image.id = "page-" + (index + 1);
            image.dataset.version = event.version;
            image.src = "/preview/page/" + (index + 1) + ".png?v=" + event.version;
          }
          fetch("/preview/layout.json?v=" + event.version).then(r => r.json()).then(json => {
            layout = json;
            for (const [index, page] of Array.from(pages.children).entries()) {
              const size = layout.pages[index] && layout.pages[index].size;
              if (size) page.querySelector("img").style.width = size[0] + "px";
            }
          });
        }

        // The node under the pointer: the last drawn (the topmost) whose frame holds the point.
        function hover(event) {
          const page = event.currentTarget;
          const image = page.querySelector("img");
          const entry = layout.pages[Number(page.dataset.index)];
          const frame = page.querySelector(".frame");
          if (!entry || !image.clientWidth) return;
          const ratio = image.clientWidth / entry.size[0];
          const box = image.getBoundingClientRect();
          const x = (event.clientX - box.left) / ratio, y = (event.clientY - box.top) / ratio;
          let found = null;
          for (const node of entry.nodes) {
            const [fx, fy, fw, fh] = node.frame;
            if (x >= fx && x <= fx + fw && y >= fy && y <= fy + fh) found = node;
          }
          if (!found) { frame.style.display = "none"; return; }
          const [fx, fy, fw, fh] = found.frame;
          Object.assign(frame.style, { display: "block", left: fx * ratio + "px", top: fy * ratio + "px",
                                       width: fw * ratio + "px", height: fh * ratio + "px" });
          frame.dataset.id = found.id || "";
          frame.dataset.frame = JSON.stringify(found.frame);
          frame.querySelector("span").textContent = (found.id ? "#" + found.id + " " : "") + found.type +
            " " + found.frame.map(v => Math.round(v * 10) / 10).join(", ");
        }

        const events = new EventSource("/preview/events");
        events.addEventListener("render", message => {
          const event = JSON.parse(message.data);
          document.body.dataset.version = event.version;
          statusLine.textContent = "version " + event.version + (event.error ? " — error" :
            " — " + event.pageCount + " page" + (event.pageCount === 1 ? "" : "s"));
          if (event.error) showError(event.error); else showPages(event);
        });
        events.onerror = () => { statusLine.textContent = "disconnected; retrying…"; };
        </script>
        </body>
        </html>
        """
}
