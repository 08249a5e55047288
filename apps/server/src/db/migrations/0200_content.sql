-- Content module: the operator's site content (banners, promotions as content, announcements,
-- help articles, legal pages). One row per item with its schedule and status; its words per
-- language in content_translations (HTML sanitised by the server before it is stored).

CREATE TABLE content_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('banner', 'promotion', 'announcement', 'help_article', 'legal_page')),
  -- Where the item belongs within its kind: the banner group (w_home…), the announcement type
  -- (B, PL, PU, PR, H), the promotion category, the help category or the legal page (terms…).
  group_code text NOT NULL CHECK (group_code ~ '^[A-Za-z0-9_-]{1,32}$'),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  -- Shown to players only while published and within [publish_from, publish_until).
  publish_from timestamptz,
  publish_until timestamptz,
  sort_order integer NOT NULL DEFAULT 0 CHECK (sort_order BETWEEN 0 AND 1000000),
  -- What a click opens: a URL, a promotion, a game (launch) or a page of the site.
  linkage_type text CHECK (linkage_type IN ('url', 'promotion', 'game', 'page')),
  linkage_target text CHECK (length(linkage_target) <= 500),
  -- Bumped by every change: popups are shown once per version.
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (publish_until IS NULL OR publish_from IS NULL OR publish_until > publish_from),
  CHECK ((linkage_type IS NULL) = (linkage_target IS NULL))
);
-- The players' reads: live items of a kind and group, in order.
CREATE INDEX content_items_live_idx ON content_items (kind, group_code, sort_order, id) WHERE status = 'published';
-- The back office's lists: by kind, newest first.
CREATE INDEX content_items_kind_idx ON content_items (kind, id DESC);

CREATE TABLE content_translations (
  item_id bigint NOT NULL REFERENCES content_items (id),
  language text NOT NULL CHECK (language ~ '^[A-Z]{2,3}(-[A-Z]{2})?$'),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  body_html text NOT NULL DEFAULT '' CHECK (length(body_html) <= 100000),
  PRIMARY KEY (item_id, language)
);

-- Every instance keeps the live content in memory; any write evicts it everywhere (sent at commit).
CREATE FUNCTION content_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_content_change', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

CREATE TRIGGER content_items_notify_change AFTER INSERT OR UPDATE OR DELETE ON content_items
  FOR EACH STATEMENT EXECUTE FUNCTION content_notify_change();
CREATE TRIGGER content_translations_notify_change AFTER INSERT OR UPDATE OR DELETE ON content_translations
  FOR EACH STATEMENT EXECUTE FUNCTION content_notify_change();
