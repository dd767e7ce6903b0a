CREATE TABLE `similar_characters` (
	`character_id` text NOT NULL,
	`rank` integer NOT NULL,
	`similar_id` text NOT NULL,
	`score` integer NOT NULL,
	PRIMARY KEY(`character_id`, `rank`)
);
