/* Cards are seen: hovering or focusing a card name (a link to a card's page, or an element with
   class "card-name" and data-card) shows the card as its page draws it; on a touch screen the first
   tap shows it and a second tap on a link opens the card's page. Escape or a tap elsewhere hides it.
   The card comes from /<game>/card-preview/ (the game is the page's <body data-game>), fetched once. */
(function () {
  "use strict";

  const CARD_LINK = /^\/([a-z]+)\/cards\/([^/?#]+)\/$/;
  const SHOW_DELAY_MS = 200;
  const cache = new Map();
  const popup = document.createElement("div");
  popup.className = "card-preview";
  popup.id = "card-preview";
  popup.setAttribute("role", "tooltip");
  popup.hidden = true;
  let current = null;
  let timer = null;

  function sourceOf(target) {
    if (!(target instanceof Element)) return null;
    const named = target.closest(".card-name[data-card]");
    if (named) {
      const game = named.dataset.game || document.body.dataset.game;
      return game ? { element: named, url: "/" + game + "/card-preview/?" + new URLSearchParams({ name: named.dataset.card }) } : null;
    }
    const link = target.closest("a[href]");
    if (!link || link.closest(".card-preview")) return null;
    const url = new URL(link.href, location.href);
    const match = url.origin === location.origin && CARD_LINK.exec(url.pathname);
    if (!match) return null;
    return { element: link, url: "/" + match[1] + "/card-preview/?" + new URLSearchParams({ slug: decodeURIComponent(match[2]) }) };
  }

  async function load(url) {
    if (!cache.has(url)) {
      cache.set(url, fetch(url, { credentials: "same-origin" }).then((r) => (r.ok ? r.text() : "")).catch(() => ""));
    }
    return cache.get(url);
  }

  function place(element) {
    const box = element.getBoundingClientRect();
    const width = Math.min(320, document.documentElement.clientWidth - 16);
    popup.style.width = width + "px";
    let left = box.left + window.scrollX;
    left = Math.max(8 + window.scrollX, Math.min(left, window.scrollX + document.documentElement.clientWidth - width - 8));
    popup.style.left = left + "px";
    const below = box.bottom + window.scrollY + 6;
    const height = popup.offsetHeight;
    const roomBelow = window.innerHeight - box.bottom;
    popup.style.top = (roomBelow < height + 12 && box.top > height + 12 ? box.top + window.scrollY - height - 6 : below) + "px";
  }

  async function show(source) {
    const html = await load(source.url);
    if (!html || current !== source.element) return;
    // The fragment is this site's own page, rendered by its templates (escaped there).
    popup.innerHTML = html;
    popup.hidden = false;
    if (!popup.isConnected) document.body.appendChild(popup);
    source.element.setAttribute("aria-describedby", popup.id);
    place(source.element);
  }

  function hide() {
    clearTimeout(timer);
    if (current) current.removeAttribute("aria-describedby");
    current = null;
    popup.hidden = true;
  }

  function begin(target, delay) {
    const source = sourceOf(target);
    if (!source) return false;
    if (current === source.element && !popup.hidden) return true;
    clearTimeout(timer);
    current = source.element;
    timer = setTimeout(() => show(source), delay);
    return true;
  }

  let touched = false;
  document.addEventListener("pointerdown", (event) => { touched = event.pointerType === "touch"; }, true);
  document.addEventListener("mouseover", (event) => {
    if (!touched) begin(event.target, SHOW_DELAY_MS);
  });
  document.addEventListener("mouseout", (event) => {
    if (touched || !current) return;
    const into = event.relatedTarget;
    if (into instanceof Element && (current.contains(into) || popup.contains(into))) return;
    if (event.target instanceof Element && (current.contains(event.target) || popup.contains(event.target))) hide();
  });
  popup.addEventListener("mouseleave", hide);
  document.addEventListener("focusin", (event) => {
    if (!begin(event.target, 0) && !popup.contains(event.target)) hide();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && current) hide();
  });
  document.addEventListener("click", (event) => {
    if (popup.contains(event.target)) return;
    const source = sourceOf(event.target);
    if (!source) {
      hide();
      return;
    }
    // A tap shows the card first; a second tap on a link follows it.
    if (touched && (current !== source.element || popup.hidden)) {
      if (source.element.tagName === "A") event.preventDefault();
      current = source.element;
      show(source);
    } else if (!touched && source.element.tagName !== "A") {
      current = source.element;
      show(source);
    }
  });
})();
