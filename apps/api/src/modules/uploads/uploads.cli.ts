import { type AdminCommand, UsageError } from '../../plugins/admin-command';
import { createImageStore } from './image-store';

export const uploadCommands: AdminCommand[] = [
  {
    name: 'upload image',
    usage: 'upload image FILE   (prints the stored name to use in `settings set logo NAME`)',
    async run({ config, positionals, print }) {
      const [file] = positionals;
      if (!file) throw new UsageError('give the image FILE');
      print(await createImageStore(config.UPLOAD_DIR).storeImage(file));
    },
  },
];
