import './styles.css';

// The first paint needs no script (decision 0163): index.html already shows the prerendered page or
// the start-up screen. The app (React, the router, the session) loads once that paint is on screen,
// so its download and evaluation never hold the page back (decision 0220). Nothing else belongs in
// this file: it is the only script the page itself asks for, and the build keeps it within a budget.

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const start = () => {
  // React's DOM renderer is the largest part of the app's code. Asked for on its own beside the
  // app, it arrives first and is evaluated in a task of its own instead of inside the app's one
  // long task; both downloads start at once. A failure shows in the app's own import below.
  import('react-dom/client').catch(() => undefined);
  import('./app/start.tsx').then(
    ({ startApp }) => startApp(root),
    (error: unknown) => {
      // A failed download (a deploy replaced the files, the network dropped) leaves the served page
      // in place; reloading fetches the current version.
      console.error('Could not load the app', error);
    },
  );
};

/**
 * Runs `start` once the page has painted its text, which waits for the styles and the fonts' short
 * wait: a frame painted before that shows no words and would let the app's download go first.
 * A hidden tab paints nothing, so it starts at once; a browser without paint timing waits a frame.
 */
function afterFirstContentfulPaint(start: () => void): void {
  if (document.visibilityState === 'hidden') {
    start();
    return;
  }
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(start, 0));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  });
  // buffered: the paint may have happened before this script ran.
  observer.observe({ type: 'paint', buffered: true });
}

afterFirstContentfulPaint(start);
