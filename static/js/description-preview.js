/* The description's preview in the builder. The Markdown is rendered by the server as the deck's
   page will show it (POST config.markdownPreviewUrl: raw HTML off, then sanitised by nh3,
   decks/markdown.py); what is shown here is that sanitised HTML, never Markdown rendered in the
   browser. Without this script the field is plain text and the deck's page shows the result. */
(function () {
  "use strict";

  const configNode = document.getElementById("builder-config");
  const field = document.getElementById("id_description");
  const button = document.getElementById("preview-description");
  const panel = document.getElementById("description-preview");
  const body = document.getElementById("description-preview-body");
  const status = document.getElementById("description-preview-status");
  if (!configNode || !field || !button || !panel || !body || !status) return;
  const config = JSON.parse(configNode.textContent);
  if (!config.markdownPreviewUrl) return;

  let previewed = null; // the text the preview shows
  let asked = 0; // answers to requests older than the latest are dropped

  async function preview() {
    const text = field.value;
    const mine = ++asked;
    status.textContent = "Rendering the preview…";
    let response;
    let data;
    try {
      response = await fetch(config.markdownPreviewUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        credentials: "omit", // the endpoint reads no session
        body: JSON.stringify({ text: text }),
      });
      data = await response.json();
    } catch (error) {
      if (mine === asked) status.textContent = "The preview could not be made (no answer from the server).";
      return;
    }
    if (mine !== asked) return;
    if (!response.ok) {
      status.textContent = (data && data.detail) || "The preview could not be made.";
      return;
    }
    previewed = text;
    // Sanitised by the server (decks/markdown.py): the same HTML the deck's page shows.
    body.innerHTML = data.html;
    panel.hidden = false;
    status.textContent = text.trim() ? "Preview updated." : "The description is empty: the deck's page shows none.";
  }

  button.hidden = false;
  button.addEventListener("click", preview);
  field.addEventListener("input", () => {
    if (previewed !== null && field.value !== previewed) {
      status.textContent = "The preview shows an earlier text; preview again to see the changes.";
    }
  });
})();
