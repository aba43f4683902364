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
  // A back-office page (the server adds isik-guest and isik-entry to it): a visitor who cannot have a session goes
  // where the app would send them (/web) before the browser asks for any of the back office's code; anyone else gets
  // the page's entry tags written back (they act as if they had stood in the page). "Cannot have a session": no stored
  // token (lib/session.ts TOKEN_KEY, in either storage) and no other tab that said recently it holds one to share
  // (lib/session-share.ts PRESENCE_KEY, PRESENCE_FRESH_MS). A back-office screen is kept for after signing in, in this
  // tab and for a while in the others (lib/return-path.ts; it checks the path again when reading it). Storage that
  // cannot be read: the app decides.
  var guest = document.querySelector('meta[name="isik-guest"]');
  var entry = document.querySelector('meta[name="isik-entry"]');
  if (guest) {
    var mayHaveSession = true;
    try {
      var present = Number(localStorage.getItem('isik-session-present'));
      mayHaveSession = Boolean(localStorage.getItem('token') || sessionStorage.getItem('token'))
        || (present > 0 && Date.now() - present < 90000);
    } catch (_e) { /* storage blocked: the app decides */ }
    if (!mayHaveSession) {
      try {
        if (guest.getAttribute('data-keep') === '1') {
          sessionStorage.setItem('returnPath', location.pathname + location.search);
          // For a sign-in in another tab too (lib/return-path.ts SHARED_KEY: a QR scanner's tab is often not the one signed in).
          localStorage.setItem('returnPathShared', JSON.stringify({ path: location.pathname + location.search, at: Date.now() }));
        }
      } catch (_e) { /* storage blocked */ }
      location.replace(guest.getAttribute('content') || '/web');
      return;
    }
  }
  if (entry) document.write(entry.getAttribute('content') || '');
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
