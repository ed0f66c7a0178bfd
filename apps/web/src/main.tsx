import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { persistStore } from 'redux-persist';
import { reloadOnPreloadError } from './app/errors/new-version-reload';
import { AppProviders } from './app/providers';
import { appRoutes } from './app/routes';
import { makeStore } from './app/store';
import './index.css';

const store = makeStore();
const persistor = persistStore(store);
const router = createBrowserRouter(appRoutes);
reloadOnPreloadError();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store} persistor={persistor} router={router} />
  </StrictMode>,
);
