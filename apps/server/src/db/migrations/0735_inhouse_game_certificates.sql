-- A house original's certificate from an accredited testing lab, as the operator records it in the
-- back office (docs/compliance.md, "House originals and their certificates"). Under a licence whose
-- certifiedGames rule asks for one (BR), an original with no row here is hidden from players and
-- refused at every new round; withdrawing a certificate deletes its row (the audit log keeps what
-- it was, action inhouse_game.certificate).
CREATE TABLE inhouse_game_certificates (
  node_id text PRIMARY KEY,
  lab text NOT NULL CHECK (length(lab) BETWEEN 2 AND 120),
  certificate_number text NOT NULL CHECK (length(certificate_number) BETWEEN 1 AND 80),
  issued_on date NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);

-- Players' lists leave out an original the licence hides for want of a certificate: every
-- instance's in-memory catalogue is evicted when a certificate is recorded or withdrawn, as on any
-- write to the catalogue's own tables (catalogue_notify_change, migration 0040).
CREATE TRIGGER inhouse_game_certificates_notify AFTER INSERT OR UPDATE OR DELETE ON inhouse_game_certificates
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_change();
