import { createBrowserRouter, Navigate } from 'react-router';
import { paths } from '@/config/paths';

export const router = createBrowserRouter([
  { path: '/', element: <Navigate to={paths.home} replace /> },
  { path: paths.home, element: <main /> },
]);
