ALTER TABLE `characters` ADD `message_count` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Start the creator hub's message counts from the chats still in D1 (decision 030).
UPDATE `characters` SET `message_count` = (SELECT count(*) FROM `messages` m JOIN `saved_chats` s ON s.`id` = m.`chat_id` WHERE s.`character_id` = `characters`.`id`);
