DROP INDEX `character_tags_tag_idx`;--> statement-breakpoint
ALTER TABLE `character_tags` ADD `is_public` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `character_tags` ADD `points` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `character_tags` ADD `upvotes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `character_tags` ADD `favorites` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `character_tags` ADD `released` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `character_tags_points_idx` ON `character_tags` (`tag_id`,`is_public`,`points`,`character_id`);--> statement-breakpoint
CREATE INDEX `character_tags_upvotes_idx` ON `character_tags` (`tag_id`,`is_public`,`upvotes`,`character_id`);--> statement-breakpoint
CREATE INDEX `character_tags_favorites_idx` ON `character_tags` (`tag_id`,`is_public`,`favorites`,`character_id`);--> statement-breakpoint
CREATE INDEX `character_tags_released_idx` ON `character_tags` (`tag_id`,`is_public`,`released`,`character_id`);--> statement-breakpoint
DROP INDEX `characters_public_points_idx`;--> statement-breakpoint
DROP INDEX `characters_public_release_idx`;--> statement-breakpoint
DROP INDEX `characters_public_upvotes_idx`;--> statement-breakpoint
DROP INDEX `characters_public_favorites_idx`;--> statement-breakpoint
CREATE INDEX `characters_public_points_idx` ON `characters` (`is_public`,`points`,`id`);--> statement-breakpoint
CREATE INDEX `characters_public_release_idx` ON `characters` (`is_public`,`release_date`,`id`);--> statement-breakpoint
CREATE INDEX `characters_public_upvotes_idx` ON `characters` (`is_public`,`upvotes`,`id`);--> statement-breakpoint
CREATE INDEX `characters_public_favorites_idx` ON `characters` (`is_public`,`favorites`,`id`);--> statement-breakpoint
-- Custom (decision 009): character_tags carries copies of its character's sort keys, so a tag's
-- listing in any order is a walk of one covering index. Backfill, then triggers keep them in step.
UPDATE `character_tags` SET (`is_public`, `points`, `upvotes`, `favorites`, `released`) = (
  SELECT c.`is_public`, c.`points`, c.`upvotes`, c.`favorites`, coalesce(c.`release_date`, 0) FROM `characters` c WHERE c.`id` = `character_tags`.`character_id`
);
--> statement-breakpoint
CREATE TRIGGER `character_tags_sort_keys_insert` AFTER INSERT ON `character_tags` BEGIN
  UPDATE `character_tags` SET (`is_public`, `points`, `upvotes`, `favorites`, `released`) = (
    SELECT c.`is_public`, c.`points`, c.`upvotes`, c.`favorites`, coalesce(c.`release_date`, 0) FROM `characters` c WHERE c.`id` = new.`character_id`
  ) WHERE `character_id` = new.`character_id` AND `tag_id` = new.`tag_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `character_tags_sort_keys_update` AFTER UPDATE OF `is_public`, `points`, `upvotes`, `favorites`, `release_date` ON `characters` BEGIN
  UPDATE `character_tags` SET `is_public` = new.`is_public`, `points` = new.`points`, `upvotes` = new.`upvotes`, `favorites` = new.`favorites`, `released` = coalesce(new.`release_date`, 0)
  WHERE `character_id` = new.`id`;
END;
