-- Full-text search over character names and descriptions (SQLite FTS5, supported by D1).
-- An external-content table: the text lives in `characters`; triggers keep the index in step.
CREATE VIRTUAL TABLE `characters_fts` USING fts5(name, description, content='characters', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `characters_fts`(rowid, name, description) SELECT rowid, name, description FROM `characters`;
--> statement-breakpoint
CREATE TRIGGER `characters_fts_insert` AFTER INSERT ON `characters` BEGIN
  INSERT INTO `characters_fts`(rowid, name, description) VALUES (new.rowid, new.name, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `characters_fts_delete` AFTER DELETE ON `characters` BEGIN
  INSERT INTO `characters_fts`(`characters_fts`, rowid, name, description) VALUES ('delete', old.rowid, old.name, old.description);
END;
--> statement-breakpoint
CREATE TRIGGER `characters_fts_update` AFTER UPDATE OF name, description ON `characters` BEGIN
  INSERT INTO `characters_fts`(`characters_fts`, rowid, name, description) VALUES ('delete', old.rowid, old.name, old.description);
  INSERT INTO `characters_fts`(rowid, name, description) VALUES (new.rowid, new.name, new.description);
END;
