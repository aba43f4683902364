// Apply the stored night mode, direction and language before React starts, so a dark-mode
// user never sees a white flash and an RTL user never sees the layout jump.
// A file of its own, not an inline script: the Content-Security-Policy allows scripts from our origin only.
(function () {
  try {
    var s = JSON.parse(localStorage.getItem('settings') || '{}');
    var el = document.documentElement;
    el.setAttribute('data-mantine-color-scheme', s.nightMode ? 'dark' : 'light');
    el.setAttribute('dir', s.rtl ? 'rtl' : 'ltr');
    var lang = localStorage.getItem('locale');
    if (lang) el.setAttribute('lang', lang);
  } catch (_e) { /* storage blocked: defaults apply */ }
})();
