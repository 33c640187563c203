import { type AdminCommand, parseWholeNumber, requireOption } from '../../cli/command';
import { createUser } from './users.service';

export const userCommands: AdminCommand[] = [
  {
    name: 'user create',
    usage: 'user create --name N --password P --type T [--parent ID] [--mobile M]',
    options: ['name', 'password', 'type', 'parent', 'mobile'],
    async run(context) {
      const parent = context.options.parent;
      const id = await createUser(context.database.db, context.clock, {
        userName: requireOption(context, 'name'),
        password: requireOption(context, 'password'),
        userTypeId: parseWholeNumber(requireOption(context, 'type'), '--type'),
        parentId: parent === undefined ? null : parseWholeNumber(parent, '--parent'),
        mobile: context.options.mobile ?? null,
      });
      context.print(`created user ${context.options.name} with id ${id}`);
    },
  },
];
