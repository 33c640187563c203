/**
 * The most used passwords of public breach lists (rockyou, HIBP top lists, NCSC's top 100k head),
 * lower-cased, kept to those that pass or nearly pass the spec's policy (8+ characters with a
 * letter and a digit) plus the classics. The policy already refuses the rest.
 */
const LIST = `
password1 password12 password123 password1234 password12345 passw0rd p@ssw0rd p@ssword1 pa55word pa55w0rd
password01 password2 password3 password7 password9 password99 password2020 password2021 password2022
password2023 password2024 password2025 password2026 password@123 password#1 password!1 mypassword1
qwerty123 qwerty1234 qwerty12345 qwerty123456 qwerty12 qwerty1 qwertyui1 qwertyuiop1 qwerty@123 qwerty007
1qaz2wsx 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y 1qazxsw2 zaq12wsx zaq1zaq1 zaq1xsw2 q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6
abc12345 abc123456 abcd1234 abcd12345 abcde12345 abc123abc abc@1234 abc@12345 a1b2c3d4 a1b2c3d4e5 a1234567
a12345678 aa123456 aa12345678 asdf1234 asdfgh123 asdf12345 asd12345 zxcv1234 zxcvbnm1 zxcvbnm123 qazwsx123
iloveyou1 iloveyou2 iloveyou12 iloveyou123 iloveu123 ilove123 loveyou1 lovely123 love1234 love12345 lover123
welcome1 welcome12 welcome123 welcome@123 welcome2024 welcome2025 welcome2026 hello123 hello1234 hello12345
letmein1 letmein12 letmein123 trustno1 trustno12 monkey123 monkey12 dragon123 dragon12 master123 master12
shadow123 sunshine1 sunshine12 princess1 princess12 football1 football12 football123 baseball1 soccer123
superman1 superman123 batman123 batman12 pokemon123 naruto123 michael1 charlie1 charlie123 jordan23
computer1 computer12 internet1 starwars1 whatever1 freedom1 liverpool1 chelsea123 arsenal123 manutd123
samsung123 samsung1 iphone123 google123 facebook1 facebook123 admin123 admin1234 admin12345 administrator1
root1234 test1234 test12345 test123456 testing123 guest1234 user1234 user12345 demo1234 demo12345
changeme1 changeme123 secret123 secret12 default1 login123 access123 pass1234 pass12345 pass@123 pass@1234
india123 india1234 india@123 indian123 bharat123 hindustan1 jaihind123 mumbai123 delhi123 kolkata123
cricket1 cricket12 cricket123 sachin10 sachin123 virat18 virat123 dhoni07 dhoni123 msdhoni7 rohit45
krishna1 krishna123 ganesh123 shiva123 jaishreeram1 jaisriram1 omnamahshivaya1 radhe123 sairam123
rahul123 priya123 pooja123 amit1234 rohit123 sanjay123 suresh123 ramesh123 deepak123 vijay123 ajay1234
money123 money1234 lucky123 lucky777 winner123 casino123 betting123 bet12345 poker123 jackpot1
summer123 summer2024 summer2025 winter123 spring123 autumn123 monday123 friday123 sunday123 january1
12345678a 123456789a 1234567890a 123456abc 123456aa 12345abc 123abc123 123qwe123 123qweasd 1234qwer
1234abcd 12qwaszx 11111111a 00000000a 88888888a 123123123a 12341234a aaaaaaa1 aaaaaaaa1 abcabc123
asdasd123 qweqwe123 zxczxc123 qwe12345 qwe123456 asd123456 zxc123456 ab123456 abc1234567 q1234567
p4ssword p4ssw0rd passw0rd1 passw0rd123 drowssap1 1password 12password 123password 1234password
letmein2 access14 mustang1 mustang12 michelle1 jennifer1 jessica1 ashley12 nicole12 daniel12 andrew12
joshua12 thomas12 hunter12 hunter123 ranger12 buster12 tigger12 ginger12 pepper12 cookie12 maggie12
killer12 killer123 matrix12 silver12 golden12 diamond1 flower12 orange12 purple12 yellow12 banana12
chocolate1 butterfly1 angel123 angels12 forever1 beautiful1 babygirl1 sweetie1 blessed1 jesus123
family123 mother123 father123 friends1 friend123 happy123 smile123 cool1234 nopass123 nothing1
qwerty2024 qwerty2025 qwerty2026 india2024 india2025 india2026 abc2024 abcd2024 admin2024 admin2025
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));
