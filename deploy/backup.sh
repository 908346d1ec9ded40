#!/usr/bin/env bash
# Backs up what the site cannot rebuild: the PostgreSQL database (pg_dump, custom format) and the
# ticket images (UPLOAD_DIR with UPLOAD_STORAGE=local). Keeps BACKUP_DAYS days (14) in BACKUP_DIR.
# Reads DATABASE_URL and UPLOAD_DIR from the environment (/etc/carabala/api.env under systemd).
set -euo pipefail
: "${DATABASE_URL:?DATABASE_URL is required}"
backup_dir="${BACKUP_DIR:-/var/backups/carabala}"
days="${BACKUP_DAYS:-14}"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$backup_dir"

pg_dump --format=custom --no-owner --file="$backup_dir/db-$stamp.dump.partial" "$DATABASE_URL"
mv "$backup_dir/db-$stamp.dump.partial" "$backup_dir/db-$stamp.dump"

if [ "${UPLOAD_STORAGE:-local}" = "local" ] && [ -d "${UPLOAD_DIR:-}" ]; then
  tar --create --gzip --file="$backup_dir/uploads-$stamp.tar.gz.partial" \
    --directory="$(dirname "$UPLOAD_DIR")" "$(basename "$UPLOAD_DIR")"
  mv "$backup_dir/uploads-$stamp.tar.gz.partial" "$backup_dir/uploads-$stamp.tar.gz"
fi

find "$backup_dir" -maxdepth 1 -type f \( -name 'db-*.dump' -o -name 'uploads-*.tar.gz' \) -mtime "+$days" -delete
echo "backup written: $backup_dir/db-$stamp.dump"
