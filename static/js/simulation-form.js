/* "Test this deck" on the builder: send the list being edited (with the side and format fields),
   not the last saved version. The form names its sources in data-list-source and friends. */
(function () {
  "use strict";

  const form = document.getElementById("sim-test-form");
  if (!form || !form.dataset.listSource) return;

  function valueOf(selector) {
    const field = selector ? document.querySelector(selector) : null;
    return field ? field.value : "";
  }

  function copy(name, selector) {
    const field = form.elements.namedItem(name);
    if (field) field.value = valueOf(selector); // "side" exists for QQDND decks only
  }

  form.addEventListener("submit", () => {
    copy("list", form.dataset.listSource);
    copy("side", form.dataset.sideSource);
    copy("format", form.dataset.formatSource);
  });
})();
