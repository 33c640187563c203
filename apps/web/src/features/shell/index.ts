// Public surface of the site shell: the frame every page lives in and the shell's own pages.
export { ShellFrame, type ShellFrameProps } from './components/shell-frame';
export { HomePage, type HomePageProps } from './components/home-page';
export { NotFoundPage, PageHeader } from './components/page-frame';
export { applyBrandColorsAndTitle } from './components/branding';
