import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach } from 'vitest';
import { setDisplayTimeZone } from '../shared/format/display-zone';
import { resetHttpConfig } from '../shared/http/http-config';
import { installFakeWebSocket } from './fake-websocket';
import { stopPersistors } from './live-persistors';

// Screens load on demand (docs/product-spec.md §2) and the suite shares two cores with the server's: a find* or
// waitFor gets 5 s, not testing-library's 1 s, so a busy machine doesn't fail a correct screen.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no matchMedia; react-hot-toast (reduced motion) and the drawer (desktop width) ask it.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  });
}

// jsdom has no object URLs; previews and opened documents ask for them.
if (!URL.createObjectURL) {
  let next = 0;
  URL.createObjectURL = () => {
    next += 1;
    return `blob:http://localhost/object-${next}`;
  };
  URL.revokeObjectURL = () => {};
}

// No test reaches a server: the dashboard's live socket (shared/live) gets a fake the test drives.
beforeEach(() => {
  installFakeWebSocket();
  // Each test starts in the browser's zone, whatever agency the one before it read its times in.
  setDisplayTimeZone(null);
});

afterEach(async () => {
  cleanup();
  toast.remove();
  await stopPersistors();
  localStorage.clear();
  sessionStorage.clear();
  resetHttpConfig();
});
