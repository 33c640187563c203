import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder entry; the shell work replaces it with providers and the router.
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <div />
    </StrictMode>,
  );
}
