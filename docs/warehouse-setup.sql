-- Packbench warehouse database: its two roles, its database and its schema.
--
-- Run once per PostgreSQL server (13 or later) by an administrator, as a superuser or as a role
-- with CREATEROLE and CREATEDB:
--
--   psql -h db.example.lan -U postgres -f warehouse-setup.sql
--
-- It asks for each role's password when it makes the role. Running it again changes nothing that
-- exists; `-v database=NAME` makes another warehouse database on the same server (default
-- packbench). The tables themselves are made by Packbench's migrations (docs/warehouse.md).
--
--   packbench_owner  owns the schema; Packbench migrates the schema with it. Nothing more: it
--                    cannot make roles or databases, and reaches no other database.
--   packbench_desk   what a packing desk signs in as: it reads and writes rows, cannot change a
--                    table's shape, can only add to the audit log, and cannot delete history.
--                    Give each desk its own login with `CREATE ROLE desk7 LOGIN PASSWORD '...'
--                    IN ROLE packbench_desk` if the server's own logs should tell desks apart.

\set ON_ERROR_STOP on
\if :{?database}
\else
  \set database packbench
\endif

SELECT NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'packbench_owner') AS make_owner \gset
\if :make_owner
  \if :{?owner_password}
  \else
    \prompt 'Password for packbench_owner (schema changes): ' owner_password
  \endif
  CREATE ROLE packbench_owner LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS
    CONNECTION LIMIT 50 PASSWORD :'owner_password';
\endif

SELECT NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'packbench_desk') AS make_desk \gset
\if :make_desk
  \if :{?desk_password}
  \else
    \prompt 'Password for packbench_desk (the packing desks): ' desk_password
  \endif
  CREATE ROLE packbench_desk LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS
    CONNECTION LIMIT 200 PASSWORD :'desk_password';
\endif

SELECT NOT EXISTS (SELECT FROM pg_database WHERE datname = :'database') AS make_database \gset
\if :make_database
  CREATE DATABASE :"database" OWNER packbench_owner ENCODING 'UTF8' TEMPLATE template0;
\endif

-- Only the two roles may connect; nobody may make temporary tables or use the public schema.
REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
GRANT CONNECT ON DATABASE :"database" TO packbench_owner, packbench_desk;

\connect :"database"
REVOKE ALL ON SCHEMA public FROM PUBLIC;
CREATE SCHEMA IF NOT EXISTS packbench AUTHORIZATION packbench_owner;
GRANT USAGE ON SCHEMA packbench TO packbench_desk;
-- A desk that stops answering in the middle of a transaction must not keep rows locked.
ALTER ROLE packbench_desk IN DATABASE :"database" SET idle_in_transaction_session_timeout = '30s';
