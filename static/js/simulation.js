/* A run's page (and a comparison's): poll the API for each unfinished run's progress, move its
   progress bar, and when every run has ended, swap in the server-rendered section with the results.

   The section carries data-section-url while something is still running; each run's progress block
   carries data-api, its GET /api/simulations/<id>/ address. */
(function () {
  "use strict";

  const POLL_MS = 1000;
  const RETRY_MS = 4000;
  const FINISHED = new Set(["done", "failed", "cancelled"]);
  const STATUS_TEXT = { queued: "Queued", running: "Running", done: "Done", failed: "Failed", cancelled: "Cancelled" };
  const number = new Intl.NumberFormat("en-US");

  async function getJSON(url) {
    const response = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!response.ok) throw new Error(url + " answered " + response.status);
    return response.json();
  }

  function show(block, run) {
    block.dataset.status = run.status;
    block.querySelector("progress").value = run.progress;
    block.querySelector("[data-status-text]").textContent = STATUS_TEXT[run.status] || run.status;
    const played = Math.round(run.progress * run.games);
    block.querySelector("[data-progress-text]").textContent =
      number.format(played) + " of " + number.format(run.games) + " games played";
  }

  async function replaceSection(section) {
    const response = await fetch(section.dataset.sectionUrl, { credentials: "same-origin" });
    if (!response.ok) throw new Error("the results answered " + response.status);
    const template = document.createElement("template");
    template.innerHTML = (await response.text()).trim();
    const fresh = template.content.firstElementChild;
    section.replaceWith(fresh);
    if (fresh.dataset.sectionUrl) watch(fresh);  // a run that ended between the two requests
  }

  function watch(section) {
    const blocks = Array.from(section.querySelectorAll(".sim-progress[data-api]"));
    async function poll() {
      try {
        const pending = blocks.filter((block) => !FINISHED.has(block.dataset.status));
        const runs = await Promise.all(pending.map((block) => getJSON(block.dataset.api)));
        runs.forEach((run, i) => show(pending[i], run));
        if (blocks.every((block) => FINISHED.has(block.dataset.status))) {
          await replaceSection(section);
          return;
        }
        window.setTimeout(poll, POLL_MS);
      } catch (error) {
        // A dropped request or a restarting server: keep trying, a little slower.
        window.setTimeout(poll, RETRY_MS);
      }
    }
    poll();
  }

  document.querySelectorAll("[data-simulation][data-section-url]").forEach(watch);
})();
