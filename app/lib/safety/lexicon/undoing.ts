/**
 * What undoes a reference to a minor: a word that makes the person an adult, a school's staff, the past, a negation, someone else's child, a comparison (issue 59). Pure: the browser shares it.
 */
import { words } from "./words";

/** Words that make the person an adult, next to a word for a child or a school ("grown sons", "adult students", "a young woman"). */
export const ADULT_QUALIFIER = words(
  "grown(?:-up)?",
  "adult",
  "grownup",
  "mature",
  "college",
  "university",
  "uni",
  "grad(?:uate)?",
  "postgrad(?:uate)?",
  "med(?:ical)?",
  "law",
  "nursing",
  "night",
  "evening",
  "art",
  "film",
  "cooking",
  "dance",
  "dancing",
  "flight",
  "driving",
  "business",
  "trade",
  "beauty",
  "former",
  "old",
  "ex",
  "retired",
  "reunion",
  "alumni",
  "alumnae?",
  "alumnus",
);

/** Staff of a school are adults: "school nurse", "high school teacher", "the principal". */
export const SCHOOL_STAFF =
  /(?:school|schools|class|classroom|kindergarten|preschool|nursery|primary|elementary|middle|high|grade|secondary)(?:'s)? (?:teachers?|nurses?|principals?|headmistress|headmasters?|head teachers?|counsell?ors?|janitors?|secretary|secretaries|coach(?:es)?|librarians?|administrators?|board|bus drivers?|psychologists?|staff|faculty|administration|custodians?|cooks?|cafeteria workers?|security guards?|governors?|inspectors?|trustees?|district|superintendents?|administrator|reunion|sweethearts?|friends?|friendships?|memories|days|years|diploma|degree|graduates?|dropouts?)(?![\p{L}\p{N}])/u;

/** Words that put what follows in the past, or out of the present ("when I was a kid", "back in high school", "as a teenager"). */
export const PAST =
  /(?:\bwhen (?:i|we|she|he|they|you|it) (?:was|were|'d been|had been)|\bi was (?:only |just |barely )?(?:\d{1,2}|[a-z]+teen|ten|eleven|twelve|nine|eight|seven|six|five)\b(?! ?(?:now|today|years? old now))|\bback (?:in|when|then)|\bas (?:a|an) (?:kid|child|teen|teenager|little girl|little boy|young girl|young boy|adolescent|toddler|schoolgirl|schoolboy|baby|student|youngster|minor)|\bin (?:my|her|his|our|their|your) (?:teens|teenage years|youth|childhood|school days|younger days)|\b(?:years|decades|a long time|long) ago|\bused to|\bgrew up|\bgrowing up|(?<!sixth[\s-])\bformer|(?<!years?[\s-]|yrs?[\s-])\bold (?:school|classmates?|friends?|days|times|photos?|flames?|sweethearts?|yearbooks?)|\breunion|\breconnect(?:ed|s|ing)?|\blost touch|\bas (?:kids|children|teens|teenagers|toddlers|little ones|youngsters)\b|\b(?:teen|teenage|school|childhood) years (?:are|were) (?:long )?(?:behind|over|gone)|\blong behind (?:her|him|them|me|us)|\bat (?:[2-9]\d)\b|\b(?:now|are|were|is|am|was|both|all|we'?re|they'?re|she'?s|he'?s|i'?m)(?: both| all| now)? in (?:our|their|her|his|my) (?:20s|30s|40s|50s|twenties|thirties|forties|fifties)|\b(?:we|i|she|he|they) (?:\w+ )?(?:met|were|was|became friends) [^.;]*\bin (?:kindergarten|preschool|nursery|primary school|grade school|elementary school|middle school|high school|junior high)|\breunite(?:d|s)?|\bthese days|\bnowadays|\bnow,? (?:at|in|as|we|i|she|he|they)\b|\b(?:we|i|she|he|they) (?:\w+ )?(?:dated|met|were|was|went|played|studied|knew|kissed|fell|sat|shared|had a crush) [^.;]*\b(?:in|at) (?:high|middle|junior high|grade) ?school|\b(?:she|he|i|we|they|you) (?:was|were) (?:a|an|once a|once an) (?:child|kid|teen|teenager|toddler|little|young|schoolgirl|schoolboy|student|minor)|\b(?:was|were)(?: \w+){0,2} (?:in|at|during) (?:kindergarten|preschool|primary school|grade school|elementary school|middle school|high school|junior high)\b|\balumni|(?<!(?:grade \d{1,2}|year \d{1,2}|primary|primary school|kindergarten|elementary|elementary school|middle school|preschool|nursery|\dth grade|grade school|class \d{1,2}) )\bgraduat(?:ed|ion)|\bsince (?:we were|i was|she was|he was|childhood|high school|school)|\bchildhood (?:home|friends?|sweethearts?|dreams?|memories|memory|room|bedroom|toy|toys|trauma|crush)|\bremember(?:s|ed)? (?:being|when)|\bthen,|\bonce,|\byears later|\bnow (?:grown|an adult|in (?:her|his|their) (?:20s|30s|40s|twenties|thirties|forties))|\b(?:twenty|thirty|forty|fifty|\d{2}) years (?:later|on|after)|\b(?:photos?|photographs?|pictures?|snapshots?|polaroids?) (?:of (?:them|us|her|him|me|the (?:two|three|four) of (?:them|us))|from (?:her|his|their|our|my|when))|\byearbooks?|\bhome videos?|\bremember(?:s|ed|ing)? (?:when|being|the (?:day|time|night|first|summer|year)|how|prom|their|our|his|her|back|that (?:day|time|night|summer))(?![^.]*\b(?:last (?:week|night|month|weekend)|yesterday|this morning|earlier today))|\breminisc\w*|\bmemor(?:y|ies)\b|\bnostalgi\w*|\b(?:meet|met|meeting|see|saw|run into|ran into|runs into) (?:\w+ )?again\b|\b(?:[2-9]\d|twenty|thirty|forty|fifty|sixty|seventy)(?:[\s-]\w+)?,? now\b|\bnow (?:a |an |both |all )?(?:[2-9]\d|twenty|thirty|forty|fifty|sixty)\b|\b(?:nearly|almost|both|all|pushing) (?:twenty-?\w*|thirty|forty|fifty|sixty|[2-9]\d) now|\b(?:had|was|were) (?:a )?crush(?:ing)? on (?:him|her|me|you|each other) (?:back )?(?:in|at|since|when)|\bsince (?:the )?first day of|\bfrom (?:the )?age (?:of )?\d+\b|\bas (?:adults|grown-?ups)\b|\b(?:in|until|before|by|since|till) (?:1[0-9]\d\d|20[01]\d|202[0-5])\b|\b(?:retak(?:e|es|ing)|resit(?:s|ting)?|re-?sit(?:s|ting)?|back to school as (?:an? )?adults?)|\bas an adult\b|\bas a grown-?up\b|\bnow an adult\b)/;

/** Negations that undo a reference to a minor ("no minors", "not a child", "never a teen", "18+ only"). */
export const NEGATED =
  /(?:\bno|\bnot(?: an?)?|\bnever(?: an?)?|\bnone|\bisn'?t(?: an?)?|\baren'?t|\bwasn'?t(?: an?)?|\bweren'?t|\bnor|\bnon|\bwithout|\bzero|\bneither|\bnothing involving|\bno one|\bnobody)\s+(?:\w+\s+)?$/;

/** Possessive and kin words that make a word for a child someone else's, not the speaker's self. */
export const SOMEONE_ELSES =
  /(?:\b(?:her|his|my|their|our|your|whose|its)|(?<!\b(?:she|he|it|that|what|who|there|here|where|let|one|everyone|someone))'s|\b(?:mother|mom|mum|father|dad|parent|parents|aunt|uncle|grandmother|grandfather|grandma|grandpa|teacher|babysitter|nanny|tutor|guardian|stepmother|stepfather|stepmom|stepdad|coach) (?:of|to)|\b(?:taken in|took in|takes in|taking in|foster (?:mom|mum|dad|mother|father|parent)s? (?:to|of)|has|have|had|with|raising|raises|adopted|adopts|fostering|fosters|looks after|cares for|caring for|babysits|babysitting|teaches|teaching|tutors|coaches|coaching|mentors|mentoring|trains|training|supervises|supervising|counsels|counselling|counseling|works with|working with|volunteers with|volunteering with|treats|treating|handles|minds|minding|nurses|protects|protecting|feeds|feeding|drives|driving|rescues|rescuing|saves|saving|helps|helping|sponsors|sponsoring)(?: (?:a|an|two|three|four|five|several|many|some|her|his|their|the|local|young|\d+))?|\b(?:single|stay-at-home|working|busy|proud|loving|devoted|widowed) (?:mother|mom|mum|father|dad|parent) (?:of|to)(?: (?:a|an|two|three|four|five|\d+))?|\bmother of|\bfather of|\bmom of|\bdad of|\bmum of)\s+(?:\w+\s+){0,2}$/;

/** Words before a word for a child that compare to one rather than name one: "dresses like a teenager", "acts like a kid". */
export const SIMILE =
  /(?:\b(?:dress(?:es|ed|ing)?|act(?:s|ed|ing)?|behav(?:e|es|ed|ing)|look(?:s|ed|ing)?|sound(?:s|ed|ing)?|talk(?:s|ed|ing)?|feel(?:s|ing)?|felt|giggl(?:e|es|ed|ing)|squeal(?:s|ed|ing)?|grin(?:s|ned|ning)?|pout(?:s|ed|ing)?|laugh(?:s|ed|ing)?|blush(?:es|ed|ing)?) like|\bas if (?:she|he|they) (?:was|were)|\blook(?:s|ed)? like (?:she|he|they) (?:could|might|would|should) (?:still )?(?:be|have been)(?: (?:in|at))?|\b(?:mistaken|taken|carded) (?:for|as)|\bpass(?:es|ed)? for|\b(?:guess(?:es|ed)?|think|thinks|thought|assume[sd]?) (?:\w+ )?(?:is|was|'s|'re|are)(?: still)?|\bpeople (?:guess|think|assume)|\bsuch|\blike(?= (?:a|an|some) )) (?:(?:a|an|some) )?$/;
