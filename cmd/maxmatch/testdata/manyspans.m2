S The cat sat .
A 5 6|||Mec|||x|||REQUIRED|||-NONE-|||0
A 6 7|||Mec|||x|||REQUIRED|||-NONE-|||0
A 7 8|||Mec|||x|||REQUIRED|||-NONE-|||0
A 8 9|||Mec|||x|||REQUIRED|||-NONE-|||0
A 9 10|||Mec|||x|||REQUIRED|||-NONE-|||0
A 10 11|||Mec|||x|||REQUIRED|||-NONE-|||0
A 11 12|||Mec|||x|||REQUIRED|||-NONE-|||0
A 12 13|||Mec|||x|||REQUIRED|||-NONE-|||0
A 13 14|||Mec|||x|||REQUIRED|||-NONE-|||0
A 14 15|||Mec|||x|||REQUIRED|||-NONE-|||0
A 15 16|||Mec|||x|||REQUIRED|||-NONE-|||0
A 16 17|||Mec|||x|||REQUIRED|||-NONE-|||0
A 17 18|||Mec|||x|||REQUIRED|||-NONE-|||0
A 1 2|||Nn|||cats|||REQUIRED|||-NONE-|||0
