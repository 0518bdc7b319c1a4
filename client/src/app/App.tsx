import { RouterProvider, createBrowserRouter } from 'react-router';
import { adoptHashRoute, hashRoutePath } from './hashRoute';
import { Providers } from './providers';
import { routes } from './routes';

adoptHashRoute();
const router = createBrowserRouter(routes);
window.addEventListener('hashchange', () => {
  const path = hashRoutePath(window.location.hash);
  if (path !== null) void router.navigate(path, { replace: true });
});

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
