/** Debian's Chromium (apt-get install -y chromium); the suite never downloads a browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Headless, and no background traffic: these machines have no network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
