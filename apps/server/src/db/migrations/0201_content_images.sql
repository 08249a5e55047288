-- Content images uploaded by operators (banners, promotions, articles). Stored in the database,
-- not on an instance's disk, so every instance serves every image; named by the SHA-256 of their
-- bytes, so a name never changes meaning and can be cached forever.
CREATE TABLE content_images (
  name text PRIMARY KEY CHECK (name ~ '^[0-9a-f]{64}\.(png|jpg|webp)$'),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  bytes bytea NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 2097152),
  width integer NOT NULL CHECK (width BETWEEN 1 AND 4096),
  height integer NOT NULL CHECK (height BETWEEN 1 AND 4096),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- An item's picture (a banner's slide, a promotion's image); the item is drawn with its size.
ALTER TABLE content_items ADD COLUMN image_name text REFERENCES content_images (name);
