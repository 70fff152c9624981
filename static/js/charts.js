/* A deck's charts as inline SVG bars, from the `stats` of the validate endpoint (engine/stats.py):
   {"charts": [{"key", "title", "bars": [{"label", "count"}]}], "totals": [{"key", "label", "value"}]}.
   Charts whose labels are all short (a curve: Initiative, Hour) stand as columns; the others
   (subtypes, damage types, card types) lie as rows, so long labels stay readable. */
(function () {
  "use strict";

  const SVG = "http://www.w3.org/2000/svg";
  const COLUMN_LABEL_MAX = 3;
  const ROW_LABEL_MAX = 18;

  function svgElement(name, attributes, text) {
    const element = document.createElementNS(SVG, name);
    Object.entries(attributes || {}).forEach(([key, value]) => element.setAttribute(key, String(value)));
    if (text !== undefined) element.textContent = text;
    return element;
  }

  function barTitle(bar) {
    return bar.label + ": " + bar.count + (bar.count === 1 ? " card" : " cards");
  }

  function columns(chart) {
    const barWidth = 22;
    const gap = 6;
    const plot = 90;
    const top = 16;
    const width = chart.bars.length * (barWidth + gap) + gap;
    const height = top + plot + 18;
    const max = Math.max(1, ...chart.bars.map((b) => b.count));
    const svg = svgElement("svg", { viewBox: "0 0 " + width + " " + height, class: "chart-svg chart-columns" });
    svg.appendChild(svgElement("line", { x1: 0, x2: width, y1: top + plot, y2: top + plot, class: "chart-axis" }));
    chart.bars.forEach((bar, i) => {
      const x = gap + i * (barWidth + gap);
      const h = Math.round((bar.count / max) * plot);
      const group = svgElement("g", { class: "chart-bar-group" });
      group.appendChild(svgElement("title", {}, barTitle(bar)));
      group.appendChild(svgElement("rect", { x: x, y: top + plot - h, width: barWidth, height: h, class: "chart-bar" }));
      if (bar.count > 0) {
        group.appendChild(svgElement("text", { x: x + barWidth / 2, y: top + plot - h - 4, class: "chart-value" }, bar.count));
      }
      group.appendChild(svgElement("text", { x: x + barWidth / 2, y: top + plot + 13, class: "chart-label" }, bar.label));
      svg.appendChild(group);
    });
    return svg;
  }

  function rows(chart) {
    const rowHeight = 18;
    const labelWidth = 104;
    const width = 280;
    const room = width - labelWidth - 34;
    const height = chart.bars.length * rowHeight + 4;
    const max = Math.max(1, ...chart.bars.map((b) => b.count));
    const svg = svgElement("svg", { viewBox: "0 0 " + width + " " + height, class: "chart-svg chart-rows" });
    chart.bars.forEach((bar, i) => {
      const y = 2 + i * rowHeight;
      const w = Math.round((bar.count / max) * room);
      const label = bar.label.length > ROW_LABEL_MAX ? bar.label.slice(0, ROW_LABEL_MAX - 1) + "\u2026" : bar.label;
      const group = svgElement("g", { class: "chart-bar-group" });
      group.appendChild(svgElement("title", {}, barTitle(bar)));
      group.appendChild(svgElement("text", { x: labelWidth - 6, y: y + 12, class: "chart-label chart-label-row" }, label));
      group.appendChild(svgElement("rect", { x: labelWidth, y: y + 2, width: w, height: rowHeight - 5, class: "chart-bar" }));
      group.appendChild(svgElement("text", { x: labelWidth + w + 4, y: y + 12, class: "chart-value chart-value-row" }, bar.count));
      svg.appendChild(group);
    });
    return svg;
  }

  function figure(chart) {
    const element = document.createElement("figure");
    element.className = "chart";
    element.dataset.chart = chart.key;
    const caption = document.createElement("figcaption");
    caption.textContent = chart.title;
    element.appendChild(caption);
    if (!chart.bars.length) {
      const empty = document.createElement("p");
      empty.className = "muted small";
      empty.textContent = "Nothing to chart yet.";
      element.appendChild(empty);
      return element;
    }
    const short = chart.bars.every((b) => b.label.length <= COLUMN_LABEL_MAX);
    const svg = short ? columns(chart) : rows(chart);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", chart.title + ": " + chart.bars.map((b) => b.label + " " + b.count).join(", "));
    element.appendChild(svg);
    return element;
  }

  function totals(items) {
    const list = document.createElement("dl");
    list.className = "chart-totals";
    items.forEach((item) => {
      const row = document.createElement("div");
      row.dataset.total = item.key;
      const term = document.createElement("dt");
      term.textContent = item.label;
      const value = document.createElement("dd");
      value.textContent = item.value;
      row.append(term, value);
      list.appendChild(row);
    });
    return list;
  }

  function draw(container, stats) {
    container.replaceChildren();
    const charts = (stats && stats.charts) || [];
    const items = (stats && stats.totals) || [];
    if (items.length) container.appendChild(totals(items));
    charts.forEach((chart) => container.appendChild(figure(chart)));
    if (!charts.length && !items.length) {
      const empty = document.createElement("p");
      empty.className = "muted";
      empty.textContent = "Add cards to see the deck's charts.";
      container.appendChild(empty);
    }
  }

  // Containers that name a JSON script with data-stats are drawn as soon as the page is read.
  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("[data-stats]").forEach((container) => {
      const source = document.getElementById(container.dataset.stats);
      if (source) draw(container, JSON.parse(source.textContent));
    });
  });

  window.Cardtable = window.Cardtable || {};
  window.Cardtable.charts = { draw: draw };
})();
