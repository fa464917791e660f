#!/bin/sh
# Runs by the postgres image's entrypoint once, when the data directory is first created: creates the role and
# schema of every service with the same SQL `npm start` uses (infra/postgres/service-roles.sql, mounted at
# /hunted/service-roles.sql). A password comes from <SERVICE>_DB_PASSWORD (e.g. BRANDS_DB_PASSWORD) when set.
set -eu
set --

settings='\o /dev/null'
for name in $(env | sed -n 's/^\([A-Z][A-Z0-9]*\)_DB_PASSWORD=.*/\1/p'); do
  service=$(printf '%s' "$name" | tr 'A-Z' 'a-z')
  set -- "$@" -v "password_$service=$(printenv "${name}_DB_PASSWORD")"
  settings="$settings
select set_config('hunted.${service}_password', :'password_$service', false);"
done

printf '%s\n\\o\n\\i /hunted/service-roles.sql\n' "$settings" |
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" "$@"
