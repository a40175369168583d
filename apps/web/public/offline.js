// The offline page: "Try again" reloads the same address (keeping the in-app page after the #),
// and the page reloads by itself as soon as the connection comes back.
const button = document.getElementById('retry');
const link = document.getElementById('retry-link');
if (button && link) {
  button.hidden = false;
  link.hidden = true;
  button.addEventListener('click', () => window.location.reload());
}
window.addEventListener('online', () => window.location.reload());
