S the cat sat .
A 0 1|||ArtOrDet|||-NONE-|||REQUIRED|||-NONE-|||0
A 1 1|||ArtOrDet|||a|||REQUIRED|||-NONE-|||0
A 0 1|||ArtOrDet|||-NONE-|||REQUIRED|||-NONE-|||1

S the dog ran .
A 0 0|||ArtOrDet|||a|||REQUIRED|||-NONE-|||0

S Il a dit « c'est "ça" » .
A 2 3|||Vform|||disait||-NONE-|||REQUIRED|||-NONE-|||0
A 3 4|||Punct||||||REQUIRED|||-NONE-|||0
A 9 9|||Other|||!|||REQUIRED|||-NONE-|||1

S 我 喜欢 猫 \ 😀 .
A 1 2|||S|||爱||-NONE- |||REQUIRED|||-NONE-|||0
A 4 5|||S|||🙂|||REQUIRED|||-NONE-|||0

S the dog ran .
A 0 0|||ArtOrDet|||a|||REQUIRED|||-NONE-|||0

S it 's "ok" \ fine
A 1 2|||Other|||is|||REQUIRED|||-NONE-|||0
A 3 4|||Other|||\\|||REQUIRED|||-NONE-|||0
A 2 3|||Other|||'ok'|||REQUIRED|||-NONE-|||0
