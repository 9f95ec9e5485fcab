import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes, preloadScreen } from './app/router';
import { prepareLanguage } from './lib/i18n';
import './index.css';

// French texts are their own chunk (decision 041): fetched first when French is the stored language.
// The address's screen chunk (modulepreloaded by the server) is loaded meanwhile, so the first render shows the
// screen instead of suspending on it (decision 206).
await Promise.all([prepareLanguage(), preloadScreen(window.location.pathname)]);

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

// The first render is a transition: React renders it in slices of a few milliseconds, yielding to the browser
// between them, instead of one long task of several hundred milliseconds on a slow phone (total blocking time,
// decision 175). The header painted from index.html stays until React commits.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
});
