/* After a save, the deck's page names the builder draft the save made obsolete (data-clear-draft on
   <body>): drop it from this browser's storage so the builder does not offer it back. */
(function () {
  "use strict";

  const key = document.body.dataset.clearDraft;
  if (!key) return;
  try {
    window.localStorage.removeItem(key);
  } catch (error) {
    // No storage, no draft.
  }
})();
