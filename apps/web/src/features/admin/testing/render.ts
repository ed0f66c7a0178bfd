import { signedInState } from '../../../testing/fake-session';
import { operatorSignedInState } from '../../../testing/operator-session';
import { type PreloadedState, renderApp } from '../../../testing/render-with-providers';

/** The whole app at a console path, an operator signed in (or the state given). */
export const renderConsole = (route: string, state: PreloadedState = operatorSignedInState()) =>
  renderApp(route, { preloadedState: state });

/** An operator and an agency user both signed in, in one browser. */
export const bothSignedInState = (): PreloadedState => ({
  ...signedInState(),
  ...operatorSignedInState(),
});
