/** The uploads module's public face. */
export { createUploadsModule, type UploadsModule } from './uploads.module';
export { createImageStore, detectImageExtension, type ImageStore } from './image-store';
export { uploadCommands } from './uploads.cli';
