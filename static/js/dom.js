/* Small DOM helpers shared by the builder's scripts. */
(function () {
  "use strict";

  function el(name, className, text) {
    const element = document.createElement(name);
    if (className) element.className = className;
    if (text !== undefined) element.textContent = text;
    return element;
  }

  function plural(count, word) {
    return count + " " + word + (count === 1 ? "" : "s");
  }

  window.Cardtable = window.Cardtable || {};
  window.Cardtable.dom = { el: el, plural: plural };
})();
