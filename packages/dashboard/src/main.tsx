// Entry: styles, the session, the one data cache (data/), and the routes in react-router's declarative mode (the data router
// costs about 16 KB gzip more of the first load; see bench/dashboard.mjs).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { appQueryClient } from './data/app-query-client.js';
import { QueryClientProvider } from './data/query-provider.js';
import { AppRoutes } from './routes/router.js';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/layout.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={appQueryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
