// The offline page: "Try again" reloads the same address (keeping the in-app page after the #),
// and the page reloads by itself as soon as the app can be reached again.
const button = document.getElementById('retry');
const link = document.getElementById('retry-link');
if (button && link) {
  button.hidden = false;
  link.hidden = true;
  button.addEventListener('click', () => window.location.reload());
}

// The 'online' event can fire a moment before requests go through, and some networks never fire
// it: while this page is shown, ask the server (never answered by the service worker) every few
// seconds and reload once it answers.
async function reloadWhenReachable() {
  try {
    const response = await fetch('/api/health', { cache: 'no-store' });
    if (response.ok) window.location.reload();
  } catch {
    // Still offline.
  }
}
window.addEventListener('online', reloadWhenReachable);
setInterval(() => {
  if (navigator.onLine) void reloadWhenReachable();
}, 3000);
