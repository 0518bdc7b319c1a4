import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createStore, type AppStore } from '../app/store';
import { Providers } from '../app/providers';
import { routes } from '../app/routes';
import { system } from '../components/ui/theme';

/** A lone component with the theme around it. */
export function renderWithProviders(ui: ReactElement) {
  return render(<ChakraProvider value={system}>{ui}</ChakraProvider>);
}

/** The real app (route table, guards, session, shell) opened at `path`, with a fresh store. */
export function renderApp(path: string, store: AppStore = createStore()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, store };
}
