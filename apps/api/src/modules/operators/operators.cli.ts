import { OPERATOR_ROLES } from '@app/shared';
import { type AdminCommand, requireOption } from '../../cli/command';
import { createOperatorsService } from './operators.service';

/** Operators' accounts (docs/operators.md). */
export const operatorCommands: AdminCommand[] = [
  {
    name: 'operator create',
    usage: `operator create --name N --password P --role ${OPERATOR_ROLES.join('|')}   (prints the TOTP secret once)`,
    options: ['name', 'password', 'role'],
    async run(context) {
      const created = await createOperatorsService(context.database.db, context.clock).create({
        name: requireOption(context, 'name'),
        password: requireOption(context, 'password'),
        role: requireOption(context, 'role'),
      });
      context.print(`operator ${created.name} created with the role ${created.role}`);
      context.print(`secret: ${created.secret}`);
      context.print(created.otpauth);
      context.print('Add the secret to an authenticator app (or open the otpauth:// address); it is not shown again.');
      context.audit({ target: `operator:${created.name}`, before: null, after: { name: created.name, role: created.role } });
    },
  },
];
