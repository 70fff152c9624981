/* Submits a form when one of its menus marked data-autosubmit changes (the card list's sort menu).
   A script file rather than an inline onchange: the Content-Security-Policy runs no inline code. */
(function () {
  "use strict";
  document.querySelectorAll("select[data-autosubmit]").forEach((menu) => {
    menu.addEventListener("change", () => menu.form.submit());
  });
})();
