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
  // The reader's dictionary is needed before the first render: fetch it beside the entry (the server lists each
  // language's chunk in this meta element; the default language is Turkish).
  try {
    var meta = document.querySelector('meta[name="isik-i18n"]');
    if (!meta) return;
    var chunks = JSON.parse(meta.getAttribute('content') || '{}');
    var stored = null;
    try { stored = localStorage.getItem('locale'); } catch (_e) { /* storage blocked */ }
    var files = chunks[stored && chunks[stored] ? stored : 'tr'] || [];
    for (var i = 0; i < files.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files[i];
      document.head.appendChild(link);
    }
  } catch (_e) { /* a preload is only a head start */ }
})();
