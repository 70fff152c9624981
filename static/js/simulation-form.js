/* "Test this deck" and "Test against..." on the builder: send the list being edited (with the side
   and format fields), not the last saved version. Each form names its sources in data-list-source
   and friends. */
(function () {
  "use strict";

  function valueOf(selector) {
    const field = selector ? document.querySelector(selector) : null;
    return field ? field.value : "";
  }

  function copy(form, name, selector) {
    const field = form.elements.namedItem(name);
    if (field) field.value = valueOf(selector); // "side" exists for QQDND decks only
  }

  document.querySelectorAll("form[data-list-source]").forEach((form) => {
    form.addEventListener("submit", () => {
      copy(form, "list", form.dataset.listSource);
      copy(form, "side", form.dataset.sideSource);
      copy(form, "format", form.dataset.formatSource);
    });
  });
})();
