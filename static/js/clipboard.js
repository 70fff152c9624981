/* Copy buttons: <button data-copy="#element"> copies the element's value (an input) or its text. */
(function () {
  "use strict";

  const FEEDBACK_MS = 1600;

  // navigator.clipboard needs a secure context (https or localhost); elsewhere, select and copy.
  function fallbackCopy(text) {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand("copy");
    area.remove();
    return copied ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }

  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).catch(() => fallbackCopy(text));
    }
    return fallbackCopy(text);
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-copy]");
    if (!button) return;
    const source = document.querySelector(button.dataset.copy);
    if (!source) return;
    const label = button.dataset.label || button.textContent;
    button.dataset.label = label;
    copy("value" in source ? source.value : source.textContent).then(
      () => { button.textContent = "Copied!"; },
      () => { button.textContent = "Press Ctrl+C to copy"; },
    ).finally(() => setTimeout(() => { button.textContent = label; }, FEEDBACK_MS));
  });
})();
