-- One database, one schema and one login role per service (see ARCHITECTURE.md). This file is the only copy
-- of that rule: `npm start` (scripts/lib/database.mjs) runs it on every start and the PostgreSQL container runs
-- it once through infra/postgres/init/10-service-roles.sh. It is idempotent, so running it again is harmless.
--
-- Run it as a superuser (or a role with CREATEROLE that may create schemas) connected to Hunted's database.
-- A service's password is the session setting `hunted.<service>_password` when set, else `hunted_<service>`
-- (development only; set real ones in any shared environment).

-- The bookings exclusion constraint (hunter id = and time range &&) needs btree_gist; a service role may not
-- create extensions, so the administrator does it here once for everybody.
create extension if not exists btree_gist with schema public;

do $$
declare
  service text;
  role_name text;
  role_password text;
  relation record;
begin
  foreach service in array array['identity', 'brands', 'reviews', 'hunters', 'bookings', 'messaging'] loop
    role_name := 'hunted_' || service;
    role_password := coalesce(nullif(current_setting('hunted.' || service || '_password', true), ''), role_name);

    if exists (select 1 from pg_roles where rolname = role_name) then
      execute format('alter role %I with login nosuperuser nocreatedb nocreaterole password %L', role_name, role_password);
    else
      execute format('create role %I with login nosuperuser nocreatedb nocreaterole password %L', role_name, role_password);
    end if;
    execute format('alter role %I set search_path = %I', role_name, service);
    execute format('grant connect on database %I to %I', current_database(), role_name);

    execute format('create schema if not exists %I authorization %I', service, role_name);
    -- A schema made earlier by a superuser run (before roles existed) is handed over with its tables, so the
    -- service can still migrate it.
    execute format('alter schema %I owner to %I', service, role_name);
    for relation in
      select c.relname
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = service
        and (c.relkind in ('r', 'p', 'v', 'm', 'f')
          -- a sequence behind a serial/identity column follows its table and cannot be given away on its own
          or (c.relkind = 'S' and not exists (
            select 1 from pg_depend d
            where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i'))))
        and c.relowner <> (select oid from pg_roles where rolname = role_name)
    loop
      execute format('alter table %I.%I owner to %I', service, relation.relname, role_name);
    end loop;
  end loop;
end
$$;
